/**
 * "Sorry, I got that wrong earlier, my landlord's name is Mr. Pavlov": an apology for a wrong fact, then the right one
 * (issue 26, blind22: the apology became the memory's subject, "The user got that wrong earlier, …", with no attribute,
 * so the wrong name stayed current). The statement after the apology is read; it replaces the old value as any newer
 * fact of the same attribute does.
 */
const LEAD = new RegExp(
  String.raw`^(?:(?:sorry|oops|whoops|my bad|apologies|ah)\s*[,!.]?\s*)?(?:I\s+(?:got|had)\s+(?:that|it|this|something)\s+wrong|I\s+was\s+wrong|I\s+made\s+a\s+mistake|I\s+made\s+a\s+typo|I\s+mixed\s+(?:that|it|them)\s+up|I\s+misspoke)(?:\s+(?:earlier|before|above|last time|yesterday))?\s*[,:;.!–—-]+\s*(?=(?:my|our|I|I'm|I've|we|we're|\p{Lu}))`,
  'iu',
);

/** The statement after an apology for a wrong fact, or the sentence itself. */
export function behindCorrectionLead(sentence: string): string {
  const m = LEAD.exec(sentence.trim());
  if (!m) return sentence;
  const rest = sentence.trim().slice(m[0].length);
  return rest.split(/\s+/).length >= 3 ? rest : sentence;
}

// People known by their role, not kin (kin have their own names: "my mom's name is Grace" is filed as family).
const ROLES =
  'landlord|landlady|dentist|doctor|gp|therapist|manager|boss|mechanic|vet|neighbou?r|accountant|lawyer|solicitor|coach|trainer|tutor|physio|physiotherapist|hairdresser|barber|babysitter|nanny|cleaner|plumber|agent|mentor|supervisor|teacher|flatmate|roommate|housemate';
const CALLED = new RegExp(String.raw`^(?<owner>(?:my|our)\s+(?:(?:new|current|old)\s+)?(?:${ROLES}))(?:'s\s+name\s+is|\s+is\s+called|\s+is\s+named|\s+goes\s+by)\s+(?=\p{Lu})`, 'iu');

/**
 * "my landlord is called Mr. Petrov", "my dentist's name is Dr. Okafor" → "my landlord is Mr. Petrov": the role's
 * person, filed as "my landlord is X" is (a later name replaces it), where the other wordings had no attribute.
 */
export function roleNamedPlainly(sentence: string): string {
  const m = CALLED.exec(sentence.trim());
  return m?.groups ? `${m.groups.owner} is ${sentence.trim().slice(m[0].length)}` : sentence;
}
