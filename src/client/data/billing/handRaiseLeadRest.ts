/** GitLab's hand-raise lead: asking the sales team to get in touch about a group's plan. */
import type { HandRaiseLead } from '../../../core/domain/handRaiseLeads.ts';
import { HAND_RAISE_LEADS_PATH } from '../../../core/domain/webPaths.ts';
import { sendJson } from '../restJson.ts';

/** Sends the lead; rejects with the server's reasons. */
export async function submitHandRaiseLead(namespaceId: string, lead: HandRaiseLead): Promise<void> {
  await sendJson('POST', HAND_RAISE_LEADS_PATH, {
    namespace_id: namespaceId,
    first_name: lead.firstName,
    last_name: lead.lastName,
    company_name: lead.companyName,
    company_size: lead.companySize,
    phone_number: lead.phoneNumber,
    country: lead.country,
    state: lead.state,
    comment: lead.comment,
    // GitLab's attribution of where the lead came from.
    glm_content: 'trial-status-show-group',
    product_interaction: 'Hand Raise PQL',
  });
}
