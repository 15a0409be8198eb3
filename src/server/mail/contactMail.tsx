// The restaurant's copy of a message sent through the website's contact form, in English (staff read it);
// the sender's words quoted as theirs.
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { Layout, rendered, styles, type RenderedMail } from "./layout";
import { customerText } from "./messages";

export interface ContactMailContext {
  message: { firstName: string; lastName: string; email: string; phone: string | null; message: string; createdAt: string };
  consoleUrl: string;
}

function StaffContactMessage({ message, consoleUrl }: ContactMailContext) {
  return (
    <Layout preview="A message from the website's contact form">
      <Heading style={styles.heading}>A message from the website's contact form</Heading>
      <Text style={styles.lead}>
        From: {customerText(`${message.firstName} ${message.lastName}`)} · {message.email}
        {message.phone ? ` · ${message.phone}` : ""}
      </Text>
      <Text style={styles.small}>Their message:</Text>
      <Text style={{ ...styles.lead, whiteSpace: "pre-wrap" }}>“{customerText(message.message)}”</Text>
      <Text style={styles.small}>
        Reply to this e-mail to answer, or <Link style={styles.link} href={consoleUrl}>open the console</Link>.
      </Text>
    </Layout>
  );
}

/** The restaurant's copy of a contact message. */
export function contactMail(context: ContactMailContext): Promise<RenderedMail> {
  const { message } = context;
  return rendered(`Contact message from ${message.firstName} ${message.lastName}`, <StaffContactMessage {...context} />);
}
