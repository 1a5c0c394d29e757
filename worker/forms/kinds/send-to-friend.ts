/**
 * A property or project sent to a friend. The friend gets the published property or project,
 * nothing else: none, no mail. A friend's address is nobody's contact: it never reaches the CRM.
 */
import { defineForm } from '../define.ts';

export const sendToFriendForm = defineForm('send-to-friend', {
  notStored: 'MAIL_NOT_SENT',
  mailsTypedAddress: 'friendEmail',
  mailIsTheRequest: true,
  mails: { agency: true, visitor: 'friend' },
  crm: false,
  steps: {
    async check({ fields, repo, lang }) {
      const { propertyId, projectId } = fields;
      const online = propertyId !== undefined ? (await repo.listing(lang)).some((card) => card.id === propertyId) : projectId !== undefined && (await repo.project(lang, projectId)) !== null;
      return online ? null : { refuse: [{ field: '', key: 'PROPERTY_NOT_ONLINE' }] };
    },
    thanksQuery: (fields): Record<string, string> => (fields.projectId !== undefined ? { shared: 'project' } : {}),
  },
});
