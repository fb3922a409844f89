import { Body1, Card, Subtitle2 } from '@fluentui/react-components';
import type { BlockWidgetProps } from '../../runtime/react';

/** A phone number as a `tel:` address (digits and a leading plus; the spaces people read dropped). */
const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/**
 * A contact-us box: heading (message key in `props.heading`), the phone (a tap-to-call link) and e-mail the
 * definitions give in `props.phone` and `props.email` (the layering rule: the brand's profile, else the region's).
 */
export function ContactBox({ props, context, t }: BlockWidgetProps) {
  const heading = typeof props.heading === 'string' ? props.heading : undefined;
  const phone = typeof props.phone === 'string' && props.phone ? props.phone : undefined;
  const email = typeof props.email === 'string' && props.email ? props.email : undefined;
  return (
    <Card data-widget="contactBox">
      {heading ? <Subtitle2 as="h2">{t(heading, context)}</Subtitle2> : null}
      {phone ? <Body1><a href={telHref(phone)}>{phone}</a></Body1> : null}
      {email ? <Body1><a href={`mailto:${email}`}>{email}</a></Body1> : null}
    </Card>
  );
}
