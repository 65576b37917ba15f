# Placeholder: the Locust engine's locustfile (master and workers) is being written.
LOCUSTFILE_VERSION = "1"
