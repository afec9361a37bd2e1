import type { FastifyRequest } from 'fastify';
import { commonMessages, defineMessages, fieldNames, type Language, type Message } from '@sehha/contract/messages';

/**
 * The texts themselves are keyed once, in the contract (packages/contract/src/messages.ts and each
 * catalog's contract file); this file turns them into the request's language.
 */
export { commonMessages, defineMessages, type Language, type Message };

/**
 * A payload field as a message param: its Arabic name in Arabic when known, else the key itself
 * (isolated by translate(), so `"whatsapp_phone"` cannot reorder the Arabic sentence around it).
 */
export const fieldName = (key: string): Message =>
  Object.hasOwn(fieldNames, key) ? fieldNames[key as keyof typeof fieldNames] : { en: key, ar: key };

/** The language asked for by Accept-Language: Arabic when it comes first, English otherwise. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

/** A value put into a message: a number (written with the language's digits), a text, or a bilingual text. */
export type MessageParam = string | number | Message;

const locales: Record<Language, string> = { en: 'en-US', ar: 'ar-EG' };
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<Language, Intl.PluralRules>();

/** Numbers in Arabic messages use Arabic-Indic digits; ids are written without grouping. */
function formatParamNumber(value: number, language: Language, name: string): string {
  const grouping = !/id$/i.test(name);
  const key = `${language}|${grouping}`;
  let format = numberFormats.get(key);
  if (!format)
    numberFormats.set(key, (format = new Intl.NumberFormat(locales[language], { useGrouping: grouping, maximumFractionDigits: 2 })));
  return format.format(value);
}

/**
 * An instant as a message names it in a time zone: the day ('Saturday, April 25' / 'السبت، ٢٥ أبريل') and the
 * time ('9:00 AM' / '٩:٠٠ ص'), with the language's digits, as bilingual params of translate().
 */
export function wallClockParams(instant: Date, timeZone: string): { date: Message; time: Message } {
  const format = (language: Language, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locales[language], { timeZone, ...options }).format(instant);
  const day: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  return { date: { en: format('en', day), ar: format('ar', day) }, time: { en: format('en', time), ar: format('ar', time) } };
}

const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null && 'en' in value && 'ar' in value;

function paramText(value: MessageParam, language: Language, name: string): string {
  if (typeof value === 'number') return formatParamNumber(value, language, name);
  if (isMessage(value)) return isolate(value[language], language);
  return value;
}

/** First-strong isolation (FSI … PDI) of a Latin word inside an Arabic sentence, so it does not reorder the punctuation around it. */
const isolate = (text: string, language: Language) => (language === 'ar' && /[A-Za-z0-9_]/.test(text) ? `\u2068${text}\u2069` : text);

/** `{count, plural, zero {…} one {…} two {…} few {…} many {…} other {…}}` (ICU's form; `#` is the number). */
const pluralBlock = /\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const pluralBranch = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

function selectPlural(branches: string, count: number, language: Language): string | undefined {
  const forms = new Map<string, string>();
  for (const [, form, text] of branches.matchAll(pluralBranch)) forms.set(form!, text!);
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(locales[language])));
  return forms.get(`=${count}`) ?? forms.get(rules.select(count)) ?? forms.get('other');
}

/**
 * The message in the language, its `{name}` placeholders filled: numbers with the language's
 * digits, bilingual params in the language (isolated in Arabic), and plural blocks resolved with
 * the language's plural rules (Arabic has six forms: «ثانية واحدة», «ثانيتين», «٣ ثوانٍ», «١١ ثانية»…).
 */
export function translate(message: Message | string, language: Language, params: Record<string, MessageParam> = {}): string {
  const text = typeof message === 'string' ? message : message[language];
  const plural = text.replace(pluralBlock, (whole, name: string, branches: string) => {
    const count = params[name];
    if (typeof count !== 'number') return whole;
    const chosen = selectPlural(branches, count, language);
    return chosen === undefined ? whole : chosen.replace(/#/g, formatParamNumber(count, language, name));
  });
  return plural.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? paramText(params[name]!, language, name) : whole));
}

/** A bilingual message with its params filled in each language (for field errors built before the language is known). */
export function localized(message: Message, params: Record<string, MessageParam> = {}): Message {
  return { en: translate(message, 'en', params), ar: translate(message, 'ar', params) };
}
