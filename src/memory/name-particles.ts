/**
 * Lowercase particles inside a person's full name ("Ana de la Cruz", "Wim van der Berg", "Omar al Amin"): a capitalised
 * name part may be followed by up to two of them before the next capitalised part. Grammar words, not names.
 */
export const NAME_PARTICLES = 'de|da|di|dos|das|del|della|der|den|du|la|le|van|von|al|el|bin|ibn|ter|ten';

/** One more part of a full name after its first: optional particles, then a capitalised word (regex source). */
export const NAME_PART = String.raw`(?:\s+(?:${NAME_PARTICLES})){0,2}\s+\p{Lu}[\p{L}'-]*`;
