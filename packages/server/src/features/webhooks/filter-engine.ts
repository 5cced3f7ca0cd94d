/** The server matches and validates webhook filter regexes with RE2 (loaded once, at import). */
import { loadFilterRegexEngine } from '@sightline/shared';
import * as re2 from 're2js';

loadFilterRegexEngine(re2);
