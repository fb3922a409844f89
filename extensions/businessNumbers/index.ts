/**
 * Business-number validators by name, and the rule a region's definitions give them
 * (`settings.businessNumber` in regions/*.yaml: `{ field, digits, validator }`). Pure TypeScript: the server
 * (business lookup, enquiries) and the browser (the business search widget) check numbers with the same code.
 * A region whose number has a check of its own needs one validator here (or passed to the server's
 * `servicesFor`, as tests do) and names it in its YAML.
 */
import { abn } from './abn';
import { gs1 } from './gs1';

export { gs1CheckDigit } from './gs1';

/** A named check: the full number's digits (spaces and dashes removed) -> whether its check digit holds. */
export type BusinessNumberValidator = (digits: string) => boolean;

/** Validators by the names region definitions use. */
export type BusinessNumberValidators = Readonly<Record<string, BusinessNumberValidator>>;

/** The product's validators: `abn` (ABN, mod 89) and `gs1` (NZBN, GS1 GTIN-13 check digit). */
export const businessNumberValidators: BusinessNumberValidators = { abn, gs1 };

/** A region's business number (`settings.businessNumber` of its region layer). */
export interface BusinessNumberRule {
  /** Name the number is stored and sent under (record `companyDetails.<field>`, the enquiry's introducer), e.g. `abn`. */
  field: string;
  /** Digits of a full number (spaces and dashes aside), e.g. 11. */
  digits: number;
  /** Name of the validator that checks a full number, e.g. `abn`. */
  validator: string;
}

/** A rule bound to its validator. */
export interface BusinessNumberCheck {
  rule: BusinessNumberRule;
  /** The digits of `text` when it is a full number of the rule (spaces and dashes allowed), else null. */
  fullNumber(text: string): string | null;
  /** Whether a full number's check holds. */
  valid(digits: string): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Read `settings.businessNumber` and bind it to its validator; `where` names the definitions in errors.
 * Throws, naming the known validators, when the rule is missing, malformed or names none of them.
 * @example businessNumberCheck({ businessNumber: { field: 'abn', digits: 11, validator: 'abn' } }).valid('51824753556') // true
 */
export function businessNumberCheck(settings: Record<string, unknown>, validators: BusinessNumberValidators = businessNumberValidators, where = 'settings'): BusinessNumberCheck {
  const raw = settings.businessNumber;
  const known = Object.keys(validators).join(', ');
  if (!isObject(raw)) throw new Error(`${where}: settings.businessNumber is missing; give { field, digits, validator } (validators: ${known})`);
  const { field, digits, validator } = raw;
  if (typeof field !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(field)) throw new Error(`${where}: settings.businessNumber.field must be a field name such as abn`);
  if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 1) throw new Error(`${where}: settings.businessNumber.digits must be a whole number of digits such as 11`);
  if (typeof validator !== 'string' || !Object.hasOwn(validators, validator)) throw new Error(`${where}: settings.businessNumber.validator '${String(validator)}' is not registered (validators: ${known})`);
  const check = validators[validator];
  const rule: BusinessNumberRule = { field, digits, validator };
  return {
    rule,
    fullNumber(text) {
      const bare = text.replace(/[\s-]/g, '');
      return /^\d+$/.test(bare) && bare.length === digits ? bare : null;
    },
    valid: (number) => number.length === digits && /^\d+$/.test(number) && check(number),
  };
}
