/**
 * Adverbs that comment on a statement without changing what it states: "Weirdly I love cilantro now", "Sadly we
 * sold the boat". A lead-in of its own, read like "honestly" or "actually" (issue 26: filler stays out of memories).
 * Adverbs of likelihood ("hopefully", "probably", "maybe") are not here: they change whether it holds.
 */
export const COMMENT_ADVERBS = String.raw`(?:weirdly|strangely|oddly|funnily(?:\s+enough)?|surprisingly|ironically|luckily|fortunately|unfortunately|sadly|thankfully|admittedly|frankly|truthfully|seriously|genuinely|personally|obviously|naturally|interestingly|amazingly|incredibly|happily|randomly|funny enough|believe it or not|long story short|fun fact|funny story)`;
