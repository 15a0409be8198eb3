// The outbox's contact kind: a visitor's message to the restaurant, built from the message as it is kept.
import { contactMail, type MailBuilder } from "../mail";
import { getMessage } from "./contactMessages";

export const contactMailKinds: MailBuilder[] = [
  {
    kinds: ["staff_contact_message"],
    build: async (message, { consoleUrl }) => {
      const contact = message.contactMessageId ? await getMessage(message.contactMessageId) : null;
      if (!contact) return "The contact message no longer exists.";
      return { mail: await contactMail({ message: { ...contact, phone: contact.phone ?? null }, consoleUrl }), replyTo: contact.email };
    },
  },
];
