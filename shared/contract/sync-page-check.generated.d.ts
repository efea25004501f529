// Types of the generated check (scripts/generate-sync-page-check.ts).
export declare function validate(data: unknown): boolean;
export default validate;
