/** A slider's scale, shown values and key moves (runtime/react's slider block draws them). */
export { boundValue, nextValue, scaleOf, sliderValues, type Scale } from './sliderValues';
