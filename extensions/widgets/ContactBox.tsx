import { Body1, Card, Subtitle2 } from '@fluentui/react-components';
import type { BlockWidgetProps } from '../../runtime/react';

/** A contact-us box: heading (message key in `props.heading`), phone and e-mail from the active layers' settings. */
export function ContactBox({ props, context, t }: BlockWidgetProps) {
  const settings = context.settings ?? {};
  const heading = typeof props.heading === 'string' ? props.heading : undefined;
  return (
    <Card data-widget="contactBox">
      {heading ? <Subtitle2 as="h2">{t(heading, context)}</Subtitle2> : null}
      {settings.phone ? <Body1>{String(settings.phone)}</Body1> : null}
      {settings.supportEmail ? <Body1><a href={`mailto:${String(settings.supportEmail)}`}>{String(settings.supportEmail)}</a></Body1> : null}
    </Card>
  );
}
