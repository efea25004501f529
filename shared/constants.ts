// Business constants of the product rules (product.md#constants) and the limits this product adds where the spec is silent.
// Every number the code needs has a name here; nothing else in the code base repeats them.

export const REGISTRY_PAGE_SIZE = 20; // product.md#constants
export const PROFILE_FETCH_SIZE = 9999; // product.md#calls ?page_size=9999
export const SEARCH_HISTORY_LIMIT = 10; // product.md#constants
export const CARD_SCAM_TYPE_CHIPS = 2; // product.md#constants
export const ACTIVE_FILTER_CHIPS = 3; // product.md#constants
export const FILTER_BADGE_CAP = 99; // product.md#constants: shows 99+ above this
export const MATCH_GREEN_AT = 80; // product.md#constants
export const MATCH_YELLOW_AT = 60; // product.md#constants
export const CONTAINS_MATCH_MIN_CHARS = 3; // product.md#constants
export const FILTER_SEARCH_MIN_CHARS = 2; // product.md#constants
export const FILTER_INITIAL_OPTIONS = 20; // product.md#constants
export const SMALL_SCREEN_MAX_PX = 768; // product.md#constants
export const WIZARD_STEPS = 3; // product.md#constants
export const DEFAULT_CURRENCY = 'USD'; // product.md#constants
export const AMOUNT_MAX_FRACTION_DIGITS = 8; // product.md#constants
export const REMOVAL_CASE_YEAR = 2025; // product.md#constants: BUSTR-2025-{id padded to 4}
export const CASE_ID_PAD = 4;
export const DEFAULT_NEXT_PATH = '/'; // product.md#constants
export const CSRF_COOKIE = 'csrftoken'; // product.md#constants
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const FILTER_DEBOUNCE_DIALOG_MS = 300; // product.md#calls
export const FILTER_DEBOUNCE_REGISTRY_MS = 200; // product.md#calls

// Limits the spec does not give: generous for real use, small enough that no one field
// can fill the database or the outbox.
export const MAX_SHORT_TEXT = 200;
export const MAX_LONG_TEXT = 10_000;
export const MAX_LIST_ITEMS = 100;
export const MAX_LIST_ITEM_CHARS = 500;
export const AVATAR_MAX_BYTES = 200 * 1024; // docs/design.md#avatars
export const AVATAR_MAX_PX = 256;
export const JSON_BODY_LIMIT = '1mb';
export const AMOUNT_MAX = 1e15;
/** a filter option search lists at most this many matches; typing more narrows them */
export const FILTER_SEARCH_MAX_OPTIONS = 200;
/**
 * GET /api/check: the longest text it reads, the longest shared/identifiers reads as an
 * identifier (MAX_IDENTIFIER_CHARS there; a long URL with its query fits); a longer one is a 400.
 */
export const CHECK_QUERY_MAX_CHARS = 2048;
/** GET /api/check lists at most this many profiles that hold the identifier, and this many lookalikes */
export const CHECK_MAX_MATCHES = 50;
export const CHECK_MAX_LOOKALIKES = 20;

/**
 * docs/design.md#moderation: a staff queue's page (GET …?limit=&after=), so no answer grows with
 * the queue; the profiles awaiting review (is_verified=false) are paged by page_size up to the same.
 */
export const QUEUE_PAGE_DEFAULT = 100;
export const QUEUE_PAGE_MAX = 200;
/** POST /api/admin/bulk-reject/: the most items one decision rejects */
export const BULK_REJECT_MAX = 200;
/** docs/design.md#limits: idempotency keys are kept a day; the audit log AUDIT_RETENTION_DAYS (README) */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** ASVS L1 2.1.1: passwords of 12 characters or more (npm run user, ADMIN_PASSWORD) */
export const PASSWORD_MIN_LENGTH = 12;
export const LOGIN_THROTTLE_MAX_FAILURES = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 5000;
/**
 * A sync starts with pages of SYNC_PAGE_MAX on a 4G-class connection, else SYNC_PAGE_DEFAULT,
 * doubles them (up to SYNC_PAGE_MAX) while each comes in within SYNC_PAGE_FAST_MS, and halves
 * them (down to SYNC_PAGE_DEFAULT) after one slower than SYNC_PAGE_SLOW_MS or one that failed
 * (docs/decisions/013-first-sync-pages.md): big pages on a good connection, small resumable ones
 * on a bad one.
 */
export const SYNC_PAGE_FAST_MS = 2_000;
export const SYNC_PAGE_SLOW_MS = 10_000;
