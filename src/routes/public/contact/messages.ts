import { addScreenMessages } from '../../../../ui/screenMessages';

/** The contact page's words (haulboard.contact.*), loaded with it. */
export const contactMessages = {
  haulboard: {
    contact: {
      title: 'Contact us',
      intro: 'Questions about Haulboard, your account or this installation? Write to the administrators of %{company} here: your message goes to their Haulboard mailbox, and they answer at the address you give.',
      reach: 'You can also reach %{company}: %{ways}.',
      name: 'Your name',
      email: 'Your e-mail address',
      email_hint: 'Where the answer goes',
      subject: 'Subject',
      message: 'Message',
      message_hint: '%{count} of %{max} characters',
      website: 'Leave this field empty',
      submit: 'Send the message',
      sending: 'Sending…',
      failed: 'The message could not be sent. Try again in a minute.',
      sent_title: 'Message sent',
      sent: 'Thank you, %{name}. Your message is with the administrators; they will answer at %{email}.',
      another: 'Write another message',
      staff: 'Staff of the company: your administrator can also be asked directly, and the documentation answers many questions.',
      docs: 'Read the documentation',
    },
  },
};

addScreenMessages(contactMessages);
