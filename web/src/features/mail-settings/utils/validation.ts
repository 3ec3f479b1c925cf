// The client's checks of e-mail settings (spec 002 §5); the server checks the same and more.

/** An alias: only letters, underscore and plus. */
export const ALIAS_PATTERN = /^[A-Za-z_+]+$/;
/** A domain: letters, digits, dots or hyphens, then a dot and a top-level part of two or more letters. */
export const DOMAIN_PATTERN = /^\s*[A-Za-z0-9.-]+\.[A-Za-z]{2,}\s*$/;
/** An e-mail address: a local part, @, and a domain as above. */
export const EMAIL_PATTERN = /^\s*[^\s@<>(),;:"]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\s*$/;
