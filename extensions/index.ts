/**
 * Domain extensions registered from outside the runtime, by the names definitions use
 * (extensions/manifest.yaml lists the same names, tests/unit/extensions/manifest.test.ts holds them equal;
 * lint checks YAML against the manifest).
 */
import { lazyComponent, type BlockWidgetProps, type EffectRegistry, type WidgetRegistry } from '../runtime/react';
import { logout } from './effects/logout';
import { reload } from './effects/reload';
import { UpperCaseText } from './widgets/UpperCaseText';

/** The calculator's widgets load in their own chunk (the application pages do not need them). */
const calculatorWidget = (name: 'VehicleCard' | 'Pager' | 'BusinessLookup') =>
  lazyComponent<BlockWidgetProps>(() => import('./widgets/calculator').then((m) => m[name]));

/** Widgets: `type: widget` blocks and `ui:widget` field widgets. */
export const extensionWidgets: WidgetRegistry = {
  blocks: {
    contactBox: lazyComponent<BlockWidgetProps>(() => import('./widgets/ContactBox').then((m) => m.ContactBox)),
    vehicleCard: calculatorWidget('VehicleCard'),
    pager: calculatorWidget('Pager'),
    businessLookup: calculatorWidget('BusinessLookup'),
  },
  fields: { upperCaseText: UpperCaseText },
};

/** Named effects (`{ effect: name }`). */
export const extensionEffects: EffectRegistry = { logout, reload };

/** Functions definitions call by name: extensions/functions (pure TypeScript, the server loads them too). */
export { extensionFunctions } from './functions';
