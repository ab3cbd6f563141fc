import { statementBehindAnnouncement } from './announcement-leads.js';
import { behindCorrectionLead, roleNamedPlainly } from './correction-leads.js';
import { titleGiven } from './made-by-others.js';
import { noticeInOrder } from './notice-order.js';
import { statedInPassing } from './passing-mentions.js';
import { sinceStated } from './since-clauses.js';
import { reasonNamingRequested } from './request-reasons.js';
import { ownBusinessStated } from './own-business.js';
import { withoutTrailingRequest } from './trailing-requests.js';
import { workplaceBeforeTitle } from './start-order.js';

/**
 * A statement without the frame around it (issue 26, blind22): an announcement's opening ("excited to share that"),
 * an apology for an earlier mistake ("sorry, I got that wrong earlier,"), a request or aside after it ("…, put it back
 * please"), a role's person named with "is called" / "'s name is", and a title given by others ("they made me head
 * chef"). Each frame kept the statement from being read
 * or filed; the statement alone is.
 */
export function unframed(sentence: string): string {
  return titleGiven(
    roleNamedPlainly(behindCorrectionLead(withoutTrailingRequest(statementBehindAnnouncement(statedInPassing(sinceStated(noticeInOrder(ownBusinessStated(reasonNamingRequested(workplaceBeforeTitle(sentence)))))))))),
  );
}
