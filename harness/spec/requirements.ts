import type { Level } from '../report/model.js';

/**
 * The requirement catalogue: every normative statement of the spec that the suite covers, with a
 * stable id. Ids never change meaning; a retired requirement keeps its id out of use.
 * Level: MUST where the spec states the rule; SHOULD where it is silent but one answer is clearly
 * expected (the check then records what the target chose as an observation).
 */
export interface Requirement {
  readonly level: Level;
  /** Section of docs/spec (`2.1`, `4`, `5.1`, ...). */
  readonly section: string;
  /** Catalogue area, used to group the coverage table. */
  readonly area: 'common' | 'auth' | 'contacts';
  readonly statement: string;
}

const req = (level: Level, section: string, area: Requirement['area'], statement: string): Requirement => ({
  level,
  section,
  area,
  statement,
});

export const REQUIREMENTS = {
  // --- Common response rules (spec 4 "Common rules", 7) ---
  'ENV-LIST': req('MUST', '4', 'common', 'A list succeeds with 200, the records in a `data` array and paging in `pagination`.'),
  'ENV-CREATE': req('MUST', '4', 'common', 'A create succeeds with 201 and the created record (with its id) in `data`.'),
  'ENV-GET': req('MUST', '4', 'common', 'A get by id succeeds with 200 and the record in `data`.'),
  'ENV-UPDATE': req('MUST', '4', 'common', 'An update succeeds with 200 and the record in `data`.'),
  'ENV-DELETE': req('MUST', '4, 7', 'common', 'A delete succeeds with 204 and no body.'),
  'ID-UNKNOWN-REFUSED': req('MUST', '7', 'common', 'An id that does not exist is never answered with 2xx (get, update, delete).'),
  'ID-UNKNOWN-404': req('SHOULD', '7', 'common', 'An id that does not exist is answered with 404 (status not shown by the spec).'),
  'BODY-MALFORMED-JSON': req('MUST', '7', 'common', 'A body that is not valid JSON is rejected with a 4xx status, never 2xx or 5xx.'),
  'VALIDATION-STATUS-CONSISTENT': req('SHOULD', '7', 'common', 'Every validation failure is answered with the same 4xx status (status not shown by the spec).'),
  'BOOL-FILTER-TRUE': req('MUST', '4', 'common', 'A boolean query filter means true only for the exact string `true`; any other value (`TRUE`, `1`, `yes`) means false.'),

  // --- Paging (spec 4, 7, 8) ---
  'PAGE-LIMIT-RANGE': req('MUST', '4, 7, 8', 'common', '`limit` outside the integers 1 to 100 (0, 101, -1, 1.5, abc) is rejected with a 4xx status.'),
  'PAGE-OFFSET-RANGE': req('MUST', '4, 7, 8', 'common', '`offset` that is not an integer >= 0 (-1, 1.5, abc) is rejected with a 4xx status.'),
  'PAGE-DEFAULTS': req('MUST', '4, 8', 'common', 'Without paging parameters, `limit` is 50 and `offset` is 0, as echoed in `pagination`.'),
  'PAGE-ECHO': req('MUST', '4', 'common', '`pagination` echoes the requested `limit` and `offset`.'),
  'PAGE-TOTAL': req('MUST', '4', 'common', '`pagination` carries the total number of matching records (field name not shown by the spec).'),
  'PAGE-LIMIT-APPLIED': req('MUST', '4, 8', 'common', 'A list returns at most `limit` records.'),
  'PAGE-OFFSET-APPLIED': req('MUST', '4, 8', 'common', '`offset` skips that many matching records: an offset at or past the total returns no records and walking the pages returns each record once.'),

  // --- Authentication and organisation scope (spec 5) ---
  'AUTH-X-API-KEY': req('MUST', '5.1', 'auth', 'A valid key sent as `X-API-Key: <key>` is accepted.'),
  'AUTH-BEARER': req('MUST', '5.1', 'auth', 'A valid key sent as `Authorization: Bearer <key>` is accepted.'),
  'AUTH-MISSING-REFUSED': req('MUST', '5.1', 'auth', 'A request without a key is refused (never 2xx).'),
  'AUTH-UNKNOWN-REFUSED': req('MUST', '5.1, 5.4', 'auth', 'A well-formed key that belongs to no organisation is refused (never 2xx).'),
  'AUTH-MALFORMED-REFUSED': req('MUST', '5.2', 'auth', 'A key not of the form `<prefix>_<secret>` is refused (never 2xx).'),
  'AUTH-CASE-EXACT': req('MUST', '5.1, 5.2', 'auth', 'A key is matched exactly: the same key in a different letter case is refused (never 2xx).'),
  'AUTH-REFUSED-401': req('SHOULD', '5, 7', 'auth', 'A missing, unknown or malformed key is answered with 401 (status not shown by the spec).'),
  'AUTH-ORG-SCOPE': req('MUST', '5.4', 'auth', "A key sees only its organisation's data: another organisation's record is neither readable by id nor listed."),

  // --- Contacts (spec 2.1, 4.1) ---
  'CT-CREATE-VALID': req('MUST', '2.1, 4.1', 'contacts', 'A contact create body that follows 2.1 is accepted (201) and the record carries the values sent.'),
  'CT-CREATE-REQUIRED': req('MUST', '2.1', 'contacts', 'A contact create without `contactType` or without `name` is rejected.'),
  'CT-TYPE-ENUM': req('MUST', '2.1', 'contacts', '`contactType` is one of `company`, `individual`; any other value is rejected.'),
  'CT-NAME-MIN': req('MUST', '2.1', 'contacts', '`name` has at least 1 character; an empty name is rejected.'),
  'CT-EMAIL-FORMAT': req('MUST', '2.1', 'contacts', '`email` and `billingEmail` must be e-mail addresses; anything else is rejected.'),
  'CT-WEBSITE-URL': req('MUST', '2.1', 'contacts', '`website` must be a URL; anything else is rejected.'),
  'CT-PAYMENT-TERMS': req('MUST', '2.1', 'contacts', '`paymentTermsDays` is an integer >= 0; negative or fractional values are rejected.'),
  'CT-PARENT-UUID': req('MUST', '2, 2.1', 'contacts', '`parentContactId` is a UUID; a non-UUID value is rejected.'),
  'CT-FIELD-TYPES': req('MUST', '2.1, 7', 'contacts', 'Every contact field has its stated type (string, boolean, integer, array of string); a value of another type is rejected.'),
  'CT-NULL-NOT-NULLABLE': req('MUST', '2.1', 'contacts', 'null is rejected for fields that are not nullable (contactType, name, isBillable, isActive, tags).'),
  'CT-UPDATE-VALID': req('MUST', '2.1, 4.1', 'contacts', 'A contact update body that follows 2.1 is accepted (200) and its values are applied.'),
  'CT-UPDATE-OMITTED': req('MUST', '2', 'contacts', 'Fields omitted from a contact update stay unchanged.'),
  'CT-UPDATE-NULL-CLEARS': req('MUST', '2, 2.1', 'contacts', 'null on a nullable contact field clears it.'),
  'CT-DELETE': req('MUST', '4.1', 'contacts', 'A deleted contact can no longer be read (never 2xx).'),
  'CT-QUERY-INVALID': req('MUST', '4.1, 7', 'contacts', 'Malformed contact list filters are rejected: contactType outside the enum, non-UUID parentContactId, contactTypeKey shorter than 1 or longer than 30.'),
  'CT-QUERY-TYPE-KEY': req('MUST', '4.1, 8', 'contacts', '`contactTypeKey` of length 1 to 30 is accepted.'),
  'CT-FILTER-TYPE': req('MUST', '4.1', 'contacts', 'The `contactType` filter returns only contacts of that type.'),
  'CT-FILTER-PARENT': req('MUST', '4.1', 'contacts', 'The `parentContactId` filter returns only children of that contact.'),
  'CT-FILTER-ACTIVE': req('MUST', '4.1', 'contacts', 'The `isActive` filter returns only contacts with that flag.'),
  'CT-FILTER-BILLABLE': req('MUST', '4.1', 'contacts', 'The `isBillable` filter returns only contacts with that flag.'),
  'CT-FILTER-SEARCH': req('SHOULD', '4.1', 'contacts', 'The `search` filter finds a contact by a word of its name and leaves out contacts without it (matching rules not shown).'),
} as const satisfies Record<string, Requirement>;

export type RequirementId = keyof typeof REQUIREMENTS;

export function isRequirementId(id: string): id is RequirementId {
  return Object.hasOwn(REQUIREMENTS, id);
}

export function requirement(id: RequirementId): Requirement {
  return REQUIREMENTS[id];
}
