/**
 * People the user knows by a role rather than by kinship (issue 26, round 21): "Our drummer Kwame plays with the
 * Accra Jazz Collective", "My coach Marta lives in Gdynia", "my landlord Ivo is selling the flat". Written "my/our
 * <role> <Name>", the name is the subject of what follows, as it is for a relative ("my sister Lena"): the fact is
 * Kwame's, not the user's. Kin words are in `attribute-words.ts` (`RELATIVES`); these are the other roles.
 */
export const ROLE_NAME_WORDS = [
  'drummer',
  'bassist',
  'guitarist',
  'singer',
  'vocalist',
  'keyboardist',
  'pianist',
  'violinist',
  'cellist',
  'bandmate',
  'teammate',
  'classmate',
  'housemate',
  'labmate',
  'coach',
  'manager',
  'line manager',
  'boss',
  'supervisor',
  'mentor',
  'personal trainer',
  'trainer',
  'tutor',
  'teacher',
  'landlord',
  'landlady',
  'therapist',
  'accountant',
  'lawyer',
  'agent',
  'editor',
  'co-founder',
  'cofounder',
  'business partner',
  'babysitter',
  'nanny',
  'cleaner',
  'physio',
  'advisor',
  'adviser',
  'captain',
]
  .sort((a, b) => b.length - a.length)
  .join('|');
