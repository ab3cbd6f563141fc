/**
 * The provider of a household or personal service: a bank, a phone network, an energy supplier, broadband, an
 * insurer. Said as a slot of the person ("our energy is with British Gas", "my bank is Monzo"), as a verb ("I bank
 * with Barclays", "I'm on EE for my phone") or as a switch ("moved my current account over to Starling", "changed our
 * energy supplier to Octopus"), and filed under one key per service, so a switch replaces the provider before it.
 * The key is the service, not the word for the contract: "energy supplier", "energy" and "energy tariff" are one
 * slot; "current account", "bank account" and "bank" are the bank.
 */

/** The service nouns a switch or a "for my ..." names (a desk moved "to Room 4" is no service). */
export const SERVICE = String.raw`(?:(?:current|bank|joint|savings|main|business)\s+account|account|bank|broadband|internet|wifi|wi-fi|energy|electricity|gas|power|phone|mobile|sim|(?:car|home|house|contents|travel|pet|health|life)\s+insurance|insurance|mortgage|pension|isa|water)(?:\s+(?:supplier|provider|company|contract|plan|deal|tariff|network|policy))?`;

/** The slot a service noun is kept under: its contract words dropped, an account being the bank. */
export function serviceSlot(noun: string): string {
  const n = noun
    .toLowerCase()
    .trim()
    .replace(/s$/, '')
    .replace(/\s+(?:supplier|provider|company|contract|plan|deal|tariff|network|policy)$/, '');
  if (/^(?:(?:current|bank|joint|savings|main|business)\s+)?account$|^bank$/.test(n)) return 'bank';
  if (/^(?:phone|mobile|sim)$/.test(n)) return 'phone network';
  if (/^(?:internet|wifi|wi-fi)$/.test(n)) return 'broadband';
  if (/^(?:electricity|gas|power)$/.test(n)) return 'energy';
  return n;
}
