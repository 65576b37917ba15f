/**
 * The version of harness/load/locust/locustfile.py this harness speaks to (`LOCUSTFILE_VERSION`
 * there; a test fails when the two differ). A result or a worker of another version is refused:
 * the tally's fields could mean something else.
 */
export const LOCUSTFILE_VERSION = '1';
