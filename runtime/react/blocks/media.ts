import { makeStyles } from '@fluentui/react-components';

/** Width below which the `narrow` (phone) blocks show and the `wide` ones hide. */
export const NARROW_MAX = '767px';

/** Classes of `media: narrow | wide` blocks: CSS decides, so nothing re-renders on resize. */
export const useMediaStyles = makeStyles({
  narrow: { display: 'contents', [`@media (min-width: 768px)`]: { display: 'none' } },
  wide: { display: 'contents', [`@media (max-width: ${NARROW_MAX})`]: { display: 'none' } },
});
