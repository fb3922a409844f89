import { Body1, Button, Caption1, makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { formatNumber } from '../../runtime/core/logic/formatNumber';
import type { BlockWidgetProps } from '../../runtime/react';
import { imageSources, vehicleSrcset, type ImageSettings } from '../calculator/vehicleImages';

/** Message keys the card shows (listed in extensions/manifest.yaml). */
export const VEHICLE_CARD_KEYS = {
  weekly: 'calculator.card.weekly', monthly: 'calculator.card.monthly', rrp: 'calculator.card.rrp', gst: 'calculator.gst',
  shortlist: 'calculator.card.shortlist', shortlisted: 'calculator.card.shortlisted', remove: 'calculator.card.remove',
  imageAlt: 'calculator.card.imageAlt', noImage: 'calculator.card.noImage', enquire: 'calculator.card.enquire',
} as const;

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', height: '100%', boxSizing: 'border-box', overflow: 'hidden',
    borderRadius: tokens.borderRadiusLarge, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1,
  },
  // Compact (the results page's 'Shortlisted vehicles'): a thumbnail beside the name, then the prices
  // and the button across the whole card, so a 16rem grid column or a phone keeps them on one line each.
  compact: {
    display: 'grid', gridTemplateColumns: '5rem minmax(0, 1fr)', gridTemplateAreas: '"media head" "prices prices" "actions actions"',
    alignItems: 'start', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM,
  },
  compactMedia: { gridArea: 'media', aspectRatio: '4 / 3', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  compactHead: { gridArea: 'head', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0, '> h3': { margin: 0 } },
  compactPrices: { gridArea: 'prices', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  compactPrimary: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  compactActions: { gridArea: 'actions', display: 'flex', justifyContent: 'flex-end' },
  media: { aspectRatio: '16 / 9', backgroundColor: tokens.colorNeutralBackground3, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, flexGrow: 1 },
  prices: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalM },
  primary: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`, marginTop: 'auto' },
});

type Row = Record<string, unknown>;

/**
 * The image's intrinsic size as markup states it (the media box's 16:9, the demo images' own size), so
 * the box is reserved before the file arrives; CSS sizes it to the box.
 */
export const IMAGE_SIZE = { width: 640, height: 360 } as const;

/**
 * The width each mode's image is shown at, for `sizes`: the results grid's one column on a phone
 * (runtime/react ListBlockView, below 768px), else a 16-20rem column; the compact 5rem thumbnail.
 */
const IMAGE_SIZES = { card: '(max-width: 767px) 100vw, 20rem', compact: '5rem' };

/** A car outline shown when no image source loads. */
function Placeholder({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 64 32" width="40%" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.5">
      <path d="M4 22h56v-6l-8-2-8-8H22l-8 8-10 2z" /><circle cx="16" cy="24" r="4" /><circle cx="48" cy="24" r="4" />
    </svg>
  );
}

/**
 * A vehicle of the rate book: image (trim, normal, base image, then a placeholder, moving on at each
 * load error), year, fuel, transmission, drivetrain, description, make, model, trim, weekly and
 * monthly price (the chosen repayment first) and RRP, a Shortlist toggle or Remove button, and with
 * `enquire` an Enquire button raising `enquireVehicle` with `{ vehicle }` (an enquiry about this vehicle only).
 * Props (a logic template in YAML): vehicle, rate (prices of the chosen term, optional), repayment,
 * shortlisted, canShortlist, enquire, mode ('results' | 'shortlist' | 'compact'), currencyFormat, showGst, images.
 * In a list, the first `images.eager` cards (those in view on arrival) load their image at once, with high priority;
 * the others, and compact thumbnails, when near the viewport.
 * The image states its size (no layout shift) and, where `images.srcset` covers it, its narrower copies.
 */
export function VehicleCard({ props, context, t, raise, busy }: BlockWidgetProps) {
  const styles = useStyles();
  const vehicle = (props.vehicle ?? {}) as Row;
  const rate = ((props.rate as Row | null | undefined) ?? vehicle) as Row;
  const sources = imageSources(vehicle, (props.images ?? {}) as ImageSettings);
  const [failed, setFailed] = useState(0);
  const format = (props.currencyFormat ?? {}) as Record<string, unknown>;
  const money = (value: unknown) => (typeof value === 'number' ? formatNumber(value, format) : '');
  const gst = props.showGst ? ` ${t(VEHICLE_CARD_KEYS.gst)}` : '';
  const weekly = `${t(VEHICLE_CARD_KEYS.weekly, { price: money(rate.weekLeaseprice) })}${gst}`;
  const monthly = `${t(VEHICLE_CARD_KEYS.monthly, { price: money(rate.monthLeaseprice) })}${gst}`;
  const [first, second] = props.repayment === 'monthly' ? [monthly, weekly] : [weekly, monthly];
  const name = `${String(vehicle.vehicleMake ?? '')} ${String(vehicle.vehicleModel ?? '')}`.trim();
  const compact = props.mode === 'compact';
  const src = sources[failed];
  const srcSet = src ? vehicleSrcset(src, (props.images ?? {}) as ImageSettings) : undefined;
  // The card's place in its list (the list block's `index`) against the setting: the first row loads at once.
  const index = (context as { index?: unknown }).index;
  const eager = !compact && typeof index === 'number' && index < (((props.images ?? {}) as ImageSettings).eager ?? 0);
  const details = [vehicle.catalogYear, vehicle.vehicleFueltype, vehicle.vehicleTransmissiongroup, vehicle.vehicleDrivetrain].filter((v) => v !== undefined && v !== null && v !== '').join(' · ');
  const shortlisted = props.shortlisted === true;
  const media = (
    <div className={mergeClasses(styles.media, compact && styles.compactMedia)}>
      {src
        ? <img key={src} className={styles.image} src={src} srcSet={srcSet} sizes={srcSet ? IMAGE_SIZES[compact ? 'compact' : 'card'] : undefined}
            width={IMAGE_SIZE.width} height={IMAGE_SIZE.height} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} decoding="async"
            alt={t(VEHICLE_CARD_KEYS.imageAlt, { make: vehicle.vehicleMake, model: vehicle.vehicleModel, trim: vehicle.vehicleTrim })} onError={() => setFailed((n) => n + 1)} />
        : <Placeholder label={t(VEHICLE_CARD_KEYS.noImage)} />}
    </div>
  );
  const head = (
    <>
      <Caption1>{details}</Caption1>
      {/* Cards sit right under the page's h1 (results and shortlist pages): h2 keeps the heading order. */}
      <Subtitle1 as="h2">{name}</Subtitle1>
      <Body1>{String(vehicle.vehicleTrim ?? '')}</Body1>
    </>
  );
  const prices = (
    <>
      <div className={styles.prices}>
        <span className={mergeClasses(styles.primary, compact && styles.compactPrimary)} data-price="primary">{first}</span>
        <Caption1 data-price="secondary">{second}</Caption1>
      </div>
      <Caption1>{t(VEHICLE_CARD_KEYS.rrp, { price: money(vehicle.consumerPrice) })}</Caption1>
    </>
  );
  const action = props.mode === 'shortlist'
    ? <Button appearance="secondary" disabled={busy} onClick={() => raise('removeShortlist', { vehicle })}>{t(VEHICLE_CARD_KEYS.remove)}</Button>
    : (
      <Button appearance={shortlisted ? 'primary' : 'secondary'} aria-pressed={shortlisted} disabled={busy || (!shortlisted && props.canShortlist === false)}
        onClick={() => raise('toggleShortlist', { vehicle })}>
        {t(shortlisted ? VEHICLE_CARD_KEYS.shortlisted : VEHICLE_CARD_KEYS.shortlist)}
      </Button>
    );
  const enquire = props.enquire === true && !compact
    ? <Button appearance="secondary" disabled={busy} onClick={() => raise('enquireVehicle', { vehicle })}>{t(VEHICLE_CARD_KEYS.enquire)}</Button>
    : null;
  const label = { 'aria-label': name, 'data-vehicle': String(vehicle.catalogVehicleId ?? '') };
  if (compact) {
    return (
      <article className={mergeClasses(styles.card, styles.compact)} {...label}>
        {media}
        <div className={styles.compactHead}>{head}</div>
        <div className={styles.compactPrices}>{prices}</div>
        <div className={styles.compactActions}>{action}</div>
      </article>
    );
  }
  return (
    <article className={styles.card} {...label}>
      {media}
      <div className={styles.body}>
        {head}
        <Caption1>{String(vehicle.vehicleDescription ?? '')}</Caption1>
        {prices}
      </div>
      <div className={styles.actions}>{action}{enquire}</div>
    </article>
  );
}
