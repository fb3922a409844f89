import { makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, memo, Suspense, useEffect, useState } from 'react';
import { eachBlock } from '../../core/flow/walkFlow';
import type { BlockDef, ClientOnly, FlowDef, FormBlock, LoadState } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime, type RuntimeServices } from '../RuntimeContext';
import { usable } from '../usable';
import { ButtonBlockView } from './ButtonBlockView';
import { FormBlockView, loadFormCode } from './FormBlockView';
import { GroupBlockView } from './GroupBlockView';
import { HtmlBlockView } from './HtmlBlockView';
import { ImageBlockView } from './ImageBlockView';
import { InputBlockView } from './InputBlockView';
import { lazyComponent, SuspendForCode, type LazyComponent } from './lazyComponent';
import { LinkBlockView } from './LinkBlockView';
import { ListBlockView } from './ListBlockView';
import { useMediaStyles } from './media';
import { TextBlockView } from './TextBlockView';
import { UnknownBlockView } from './UnknownBlockView';
import { WidgetBlockView } from './WidgetBlockView';

/**
 * Views few pages draw load in their own chunks (choices, sliders, uploads, dialogs, progress trackers, steppers,
 * frames), so pages without them do not pay for them (progress trackers alone were 4.8 kB gzip of every first visit).
 * Most load on their first render. Trackers, steppers and frames are laid out with the page (a tracker's column
 * beside an application's rows): a flow's part brings those its blocks draw ({@link loadBlockViews}), so its steps
 * render in full at once and nothing moves as they arrive.
 */
const ChoiceBlockView = lazyComponent(() => import('./ChoiceBlockView').then((m) => m.ChoiceBlockView));
const DialogBlockView = lazyComponent(() => import('./DialogBlockView').then((m) => m.DialogBlockView));
const SliderBlockView = lazyComponent(() => import('./SliderBlockView').then((m) => m.SliderBlockView));
const ComboboxBlockView = lazyComponent(() => import('./ComboboxBlockView').then((m) => m.ComboboxBlockView));
const UploadBlockView = lazyComponent(() => import('./UploadBlockView').then((m) => m.UploadBlockView));
const ProgressBlockView = lazyComponent(() => import('./ProgressBlockView').then((m) => m.ProgressBlockView));
const StepperBlockView = lazyComponent(() => import('./StepperBlockView').then((m) => m.StepperBlockView));
const FrameBlockView = lazyComponent(() => import('./FrameBlockView').then((m) => m.FrameBlockView));
const InlineEditBlockView = lazyComponent(() => import('./InlineEditBlockView').then((m) => m.InlineEditBlockView));

type Preloadable = { preload: () => Promise<unknown> };

/** The lazily loaded views laid out with the page, by block type. */
const pageViews: Partial<Record<BlockDef['type'], Preloadable>> = { progress: ProgressBlockView, stepper: StepperBlockView, frame: FrameBlockView };

/** Every lazily loaded view, by block type. */
const lazyViews: Partial<Record<BlockDef['type'], Preloadable>> = {
  ...pageViews, choice: ChoiceBlockView, dialog: DialogBlockView, slider: SliderBlockView, combobox: ComboboxBlockView, upload: UploadBlockView,
  inlineEdit: InlineEditBlockView,
};

/**
 * Fetches the page-level views (trackers, steppers, frames) the blocks of `flows` draw with, layouts included,
 * all at once. A view that fails to load is not an error here: its block fetches it again when it renders, and
 * shows the failure then.
 */
export function loadBlockViews(flows: FlowDef[]): Promise<unknown> {
  const types = new Set(flows.flatMap((flow) => eachBlock(flow).map(({ block }) => block.type)));
  return Promise.all([...types].map((type) => pageViews[type]?.preload().catch(() => undefined)));
}

const flowViews = new WeakMap<FlowDef, Promise<unknown>>();

/**
 * {@link loadBlockViews} of one flow of a whole bundle (no parts: tests, the studio), once per flow ({@link usable}),
 * so `StepChooser` shows a step with its page views as a part's flow shows.
 */
export function flowViewsLoaded(flow: FlowDef): Promise<unknown> {
  let loaded = flowViews.get(flow);
  if (!loaded) flowViews.set(flow, (loaded = usable(loadBlockViews([flow]))));
  return loaded;
}

/**
 * The code a block type loads on its first render (a dialog's: its view and, once open, the dialog itself; a
 * form's: rjsf and the theme, and the choice widgets if it may draw one).
 */
const blockCode: Partial<Record<BlockDef['type'], (block: BlockDef, rt: RuntimeServices) => Promise<unknown>>> = {
  ...Object.fromEntries(Object.entries(lazyViews).map(([type, view]) => [type, view.preload])),
  form: (block, rt) => loadFormCode(block as FormBlock, rt),
  dialog: () => Promise.all([DialogBlockView.preload(), import('../dialog/ModalDialog')]),
};

/**
 * Fetches the code of `block` and every block inside it (block views, the widgets' own code), all at once:
 * a `clientOnly` block shows once all of it is there, so its pieces do not wait for each other's render.
 */
function loadCode(block: BlockDef, rt: RuntimeServices): Promise<unknown> {
  const widget = block.type === 'widget' ? (rt.widgets.blocks[block.widget] as Partial<LazyComponent<object>> | undefined) : undefined;
  const inner = (block as { blocks?: unknown }).blocks;
  return Promise.all([
    blockCode[block.type]?.(block, rt),
    widget?.preload?.(),
    ...(Array.isArray(inner) ? (inner as BlockDef[]).map((child) => loadCode(child, rt)) : []),
  ]);
}

const useStyles = makeStyles({
  // Children keep their natural width (a button is not stretched); forms and lists set 100%.
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, alignItems: 'flex-start' },
  // A `clientOnly` block's stand-in: the column's width, the definitions' height, a quiet pulse unless motion is reduced.
  skeleton: {
    width: '100%', flexShrink: 0, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralStencil1,
    '@media (prefers-reduced-motion: no-preference)': {
      animationName: { from: { opacity: 1 }, to: { opacity: 0.5 } },
      animationDuration: '1s', animationIterationCount: 'infinite', animationDirection: 'alternate', animationTimingFunction: 'ease-in-out',
    },
  },
});

/**
 * What a `clientOnly` block shows while the screen is the server's (a server render, the browser's hydrating
 * render): an empty box of the block's height, hidden from assistive technology; the block replaces it once hydrated.
 */
function Skeleton({ height }: { height: string }) {
  const styles = useStyles();
  return <div className={styles.skeleton} style={{ height }} data-skeleton="" aria-hidden="true" />;
}

function Block({ block }: { block: BlockDef }) {
  switch (block.type) {
    case 'form': return <FormBlockView block={block} />;
    case 'text': return <TextBlockView block={block} />;
    case 'button': return <ButtonBlockView block={block} />;
    case 'progress': return <ProgressBlockView block={block} />;
    case 'dialog': return <DialogBlockView block={block} />;
    case 'widget': return <WidgetBlockView block={block} />;
    case 'group': return <GroupBlockView block={block} />;
    case 'choice': return <ChoiceBlockView block={block} />;
    case 'slider': return <SliderBlockView block={block} />;
    case 'list': return <ListBlockView block={block} />;
    case 'link': return <LinkBlockView block={block} />;
    case 'image': return <ImageBlockView block={block} />;
    case 'html': return <HtmlBlockView block={block} />;
    case 'stepper': return <StepperBlockView block={block} />;
    case 'frame': return <FrameBlockView block={block} />;
    case 'input': return <InputBlockView block={block} />;
    case 'upload': return <UploadBlockView block={block} />;
    case 'combobox': return <ComboboxBlockView block={block} />;
    case 'inlineEdit': return <InlineEditBlockView block={block} />;
    // Shorthands the loader writes out (runtime/core/load): a bundle never holds them.
    case 'range':
    case 'cascade':
    case 'lookup': return <UnknownBlockView type={block.type} />;
    default: {
      // Every block type has a case: a type added to BlockDef without a view fails to compile here.
      const unknown: never = block;
      return <UnknownBlockView type={(unknown as { type?: unknown }).type} />;
    }
  }
}

/**
 * A `clientOnly` block: its skeleton while the screen is the server's, and once hydrated until the step's `loads` it
 * names have answered (or do not apply) and its code is there; then the block (if its `visibleWhen` holds). Its
 * code loads behind the same skeleton (a Suspense boundary; lazy blocks and forms suspend inside it). Once shown
 * it stays shown (a later reload of those loads does not bring the skeleton back). When the server knew the
 * browser holds no `local` state (`environment.storageEmpty`), the content reads only defaults: the server renders
 * it, and the browser hydrates it, like any other block.
 */
function ClientOnlyBlock({ block, clientOnly }: { block: BlockDef; clientOnly: ClientOnly }) {
  const rt = useRuntime();
  const { logic, hydrating, bundle, environment } = rt;
  const { flowId, stepId, context } = useStep();
  // The content's code comes while the skeleton shows, and the content waits for all of it: nothing suspends
  // then (React holds a Suspense boundary's reveal back by up to 300 ms). A failure shows when the content renders.
  const [codeReady, setCodeReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A failed fetch is the content's to show (its views fetch again and throw): here it only ends the wait.
    void loadCode(block, rt).catch(() => undefined).finally(() => live && setCodeReady(true));
    return () => { live = false; };
  }, []);
  const defs = bundle.flows[flowId]?.steps[stepId]?.load;
  const answered = (clientOnly.loads ?? []).every((name) => {
    const status = (context.data as Record<string, LoadState | undefined> | undefined)?.[name]?.status;
    return status === 'done' || status === 'error' || !defs?.[name] || (defs[name].when !== undefined && !logic.holds(defs[name].when, context));
  });
  const [shown, setShown] = useState(false);
  const show = shown || (answered && (hydrating ? environment?.storageEmpty === true : codeReady));
  useEffect(() => { if (show && !shown) setShown(true); }, [show, shown]);
  const skeleton = <Skeleton height={clientOnly.height} />;
  if (!show) return skeleton;
  if (!logic.holds(block.visibleWhen, context)) return null;
  return <SuspendForCode.Provider value><Suspense fallback={skeleton}><Block block={block} /></Suspense></SuspendForCode.Provider>;
}

/**
 * The blocks, in order, skipping those whose `visibleWhen` is false (`media` blocks are hidden by CSS); a
 * `clientOnly` block is its skeleton while the screen is the server's (its content reads the browser's storage).
 */
export function Blocks({ blocks }: { blocks: BlockDef[] | undefined }) {
  const { logic } = useRuntime();
  const { context } = useStep();
  const media = useMediaStyles();
  return (
    <>
      {(blocks ?? []).map((block, i) => {
        if (!block.clientOnly && !logic.holds(block.visibleWhen, context)) return null;
        const key = block.id ?? `${block.type}-${i}`;
        const shown = block.clientOnly ? <ClientOnlyBlock block={block} clientOnly={block.clientOnly} /> : <Block block={block} />;
        return block.media ? <div key={key} className={media[block.media]}>{shown}</div> : <Fragment key={key}>{shown}</Fragment>;
      })}
    </>
  );
}

/** Renders blocks in a column, skipping those whose `visibleWhen` is false. */
export const BlockList = memo(function BlockList({ blocks, className }: { blocks: BlockDef[] | undefined; className?: string }) {
  const styles = useStyles();
  return (
    <div className={className ?? styles.list}>
      <Blocks blocks={blocks} />
    </div>
  );
});
