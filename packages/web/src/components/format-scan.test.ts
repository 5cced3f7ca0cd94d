/**
 * Every date, time, length of time and count the console shows is formatted by
 * `components/format.ts`. This scan fails on a web source file that formats one by itself: the
 * browser's locale formatting, a date pattern (dayjs / date-fns tokens), date-fns, or the shared
 * package's date and duration formatters, which only the format module may wrap.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODULE = 'components/format.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const RULES: { what: string; re: RegExp }[] = [
  { what: 'locale formatting', re: /\.toLocale(?:Date|Time)?String\s*\(/ },
  {
    what: 'Intl formatting',
    re: /Intl\.(?:DateTimeFormat\((?!\)\.resolvedOptions)|RelativeTimeFormat|NumberFormat)/,
  },
  { what: 'Date text', re: /\.to(?:Date|Time|UTC|GMT)String\s*\(/ },
  { what: 'date-fns', re: /from\s+['"]date-fns/ },
  {
    what: 'a date or time pattern',
    re: /(['"`])[^'"`\n]*(?:YYYY|YY[/-]|DD\/|MM\/|\/MM|hh:mm|HH:mm|mm:ss|MMM)[^'"`\n]*\1/,
  },
  {
    what: "the shared package's date or duration formatter",
    re: /\b(?:formatDateTime|formatListDate|formatDate|formatDurationNs|alertMinutes|formatTimeAs|formatDateTimeIn|formatDay)\b[^;]*from\s+'@sightline\/shared'|import\s*\{[^}]*\b(?:formatDateTime|formatListDate|formatDate|formatDurationNs|alertMinutes|formatTimeAs|formatDateTimeIn|formatDay)\b[^}]*\}\s*from\s+'@sightline\/shared'/,
  },
];

/** Each line of the text that formats by itself, as 'line: what'. */
function adHocFormatting(text: string): string[] {
  const found: string[] = [];
  // An import spans lines; it is checked whole, the rest line by line.
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{[^}]*\}\s*from\s*'[^']+';/g)) {
    const rule = RULES.at(-1);
    if (rule?.re.test(m[0])) found.push(`${text.slice(0, m.index).split('\n').length}: ${rule.what}`);
  }
  text.split('\n').forEach((line, i) => {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) return;
    for (const rule of RULES.slice(0, -1)) if (rule.re.test(line)) found.push(`${i + 1}: ${rule.what}`);
  });
  return found;
}

describe('one format module', () => {
  it('no web file but the format module formats a date, time, duration or count', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => relative(SRC, file).split(/[\\/]/).join('/') !== MODULE)
      .flatMap((file) =>
        adHocFormatting(readFileSync(file, 'utf8')).map((f) => `${relative(SRC, file)}:${f}`),
      );
    expect(offenders).toEqual([]);
  });

  it('finds each kind of ad-hoc formatting', () => {
    const samples = [
      "const a = when.toLocaleString('en-US');",
      'const b = new Date(x).toLocaleDateString();',
      "const c = dayjs(v).format('YYYY/MM/DD hh:mm:ss a');",
      '<DatePicker format="MM/DD/YYYY" />',
      "const d = dayjs(v).format('hh:mm a');",
      "import { format } from 'date-fns';",
      "import {\n  formatDateTime,\n  type Thing,\n} from '@sightline/shared';",
      'const e = new Intl.DateTimeFormat("en-US").format(d);',
      'const f = d.toDateString();',
    ];
    for (const sample of samples) expect(adHocFormatting(sample), sample).not.toEqual([]);
  });

  it('lets a time zone lookup, plain text and comments be', () => {
    const samples = [
      "const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';",
      "import { type Thing, thingResource } from '@sightline/shared';",
      ' * The list date-time (YYYY/MM/DD hh:mm am/pm) under the date.',
      "const label = 'Zone Entry Time';",
    ];
    for (const sample of samples) expect(adHocFormatting(sample), sample).toEqual([]);
  });
});
