import type { ContactRequest } from '@kitty/api-client';
import { httpStatusOf, problemDetail, useSendContactMessageMutation } from '@kitty/api-client';
import { Button, Form, Input } from 'antd';

import { useAppSelector } from '../../app/store';
import { supportHours, telHref, webConfig } from '../../config';
import { selectCurrentUser } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies (keyof ContactRequest)[];

export default function ContactPage() {
  const [form] = Form.useForm<ContactRequest>();
  const user = useAppSelector(selectCurrentUser);
  const toast = useToast();
  const [sendMessage, { isLoading }] = useSendContactMessageMutation();

  const onFinish = async (values: ContactRequest) => {
    try {
      await sendMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      }).unwrap();
      toast.success('Message Sent', "We'll get back to you within 24 hours.");
      form.resetFields();
    } catch (error) {
      if (httpStatusOf(error) === 400) {
        form.setFields(serverFieldErrors(error, FIELDS));
        toast.error('Something went wrong', problemDetail(error) ?? 'Please try again later.');
      } else {
        toast.error('Something went wrong', 'Please try again later.');
      }
    }
  };

  return (
    <div className="page contact-page">
      <DocumentTitle title="Contact us" />
      <header className="page-header">
        <h1>Contact us</h1>
        <p className="muted">Questions about a pot, a payment or your account? We're here to help.</p>
      </header>
      <div className="contact-grid">
        <section className="panel" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="panel-title">
            Send us a message
          </h2>
          <Form<ContactRequest>
            form={form}
            name="contact"
            layout="vertical"
            requiredMark={false}
            initialValues={user ? { name: user.fullName, email: user.email } : undefined}
            onFinish={onFinish}
            disabled={isLoading}
          >
            <Form.Item
              label="Name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Please enter your name.' }]}
            >
              <Input autoComplete="name" maxLength={200} />
            </Form.Item>
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, message: 'Please enter your email address.' },
                { type: 'email', message: 'Please enter a valid email address.' },
              ]}
            >
              <Input type="email" autoComplete="email" inputMode="email" maxLength={320} />
            </Form.Item>
            <Form.Item
              label="Subject"
              name="subject"
              rules={[{ required: true, whitespace: true, message: 'Please enter a subject.' }]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              label="Message"
              name="message"
              rules={[{ required: true, whitespace: true, message: 'Please enter your message.' }]}
            >
              <Input.TextArea rows={5} maxLength={5000} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isLoading} size="large">
              Send Message
            </Button>
          </Form>
        </section>
        <aside className="panel contact-details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="panel-title">
            Other ways to reach us
          </h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${webConfig.supportEmail}`}>{webConfig.supportEmail}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(webConfig.supportPhone)}>{webConfig.supportPhone}</a>
            </dd>
          </dl>
          <h3>Support hours</h3>
          <table className="support-hours">
            <tbody>
              {supportHours.map(({ days, hours }) => (
                <tr key={days}>
                  <th scope="row">{days}</th>
                  <td>{hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">We reply to every message within 24 hours.</p>
        </aside>
      </div>
    </div>
  );
}
