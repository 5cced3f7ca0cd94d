/**
 * Bounds on the XML of a workbook part, checked on the inflated bytes before the XML parser sees
 * them. A SAX parser keeps every open element on a stack and gathers a text or an attribute value
 * whole before handing it on, so a few kilobytes that inflate to millions of nested elements, or to
 * one text of hundreds of megabytes, would cost gigabytes inside the parser. Here the nesting depth
 * and the length of every text, tag, attribute value, comment, CDATA section and processing
 * instruction are counted byte by byte (a `</x>` inside a comment or CDATA closes nothing, as for
 * the parser), and a DTD is refused: a workbook never declares one, and its entities are how an
 * XML document multiplies itself.
 */
import { IMPORT_MAX_CELL_CHARS, IMPORT_MSG } from '@sightline/shared';
import { badRequest } from '../../platform/errors.js';

/** Elements open at once: a worksheet's cell text sits 7 deep; extensions add a few levels. */
export const XML_MAX_DEPTH = 64;
/**
 * Bytes of one text, tag, attribute value, comment, CDATA section or processing instruction: a
 * cell's 32,767 characters fit even when each is written as a 6-byte entity (`&quot;`).
 */
export const XML_MAX_RUN = 256 * 1024;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const BRACKET = 0x5d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

type State = 'text' | 'open' | 'tag' | 'value' | 'close' | 'bang' | 'comment' | 'cdata' | 'pi';

const CDATA_START = Buffer.from('[CDATA[');

export class XmlBounds {
  private state: State = 'text';
  private depth = 0;
  /** Bytes since the last boundary: the start or end of a tag or a section. */
  private run = 0;
  /** The quote that closes the attribute value being read. */
  private quote = 0;
  /** The last byte of the tag being read (a `/` before `>` closes the element at once). */
  private last = 0;
  /** The bytes after `<!`, to tell a comment from CDATA from a declaration. */
  private bang: number[] = [];
  /** How many bytes of the closing `-->`, `]]>` or `?>` have been seen. */
  private ending = 0;

  scan(chunk: Buffer) {
    for (const byte of chunk) {
      if (++this.run > XML_MAX_RUN) throw badRequest(IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS));
      this.step(byte);
    }
  }

  /** A boundary: what follows is counted afresh. */
  private to(state: State) {
    this.state = state;
    this.run = 0;
    this.ending = 0;
  }

  private step(byte: number) {
    switch (this.state) {
      case 'text':
        if (byte === LT) this.to('open');
        return;
      case 'open':
        if (byte === SLASH) this.state = 'close';
        else if (byte === QUESTION) this.state = 'pi';
        else if (byte === BANG) {
          this.state = 'bang';
          this.bang = [];
        } else {
          if (++this.depth > XML_MAX_DEPTH) throw badRequest(IMPORT_MSG.tooDeep);
          this.state = 'tag';
          this.last = byte;
        }
        return;
      case 'tag':
        // A tag is counted whole, its attribute values with it: the parser holds them all at once.
        if (byte === QUOTE || byte === APOSTROPHE) {
          this.state = 'value';
          this.quote = byte;
        } else if (byte === GT) {
          if (this.last === SLASH) this.depth--;
          this.to('text');
        }
        this.last = byte;
        return;
      case 'value':
        if (byte === this.quote) this.state = 'tag';
        return;
      case 'close':
        if (byte === GT) {
          this.depth--;
          this.to('text');
        }
        return;
      case 'bang':
        this.bang.push(byte);
        if (this.bang.length === 2 && this.bang[0] === DASH && byte === DASH) this.to('comment');
        else if (this.bang.length === CDATA_START.length) {
          if (!CDATA_START.equals(Buffer.from(this.bang))) throw badRequest(IMPORT_MSG.doctype);
          this.to('cdata');
        }
        return;
      case 'comment':
        // `-->` ends a comment (`--` may not appear inside one).
        if (byte === GT && this.ending >= 2) this.to('text');
        else this.ending = byte === DASH ? this.ending + 1 : 0;
        return;
      case 'cdata':
        if (byte === GT && this.ending >= 2) this.to('text');
        else this.ending = byte === BRACKET ? this.ending + 1 : 0;
        return;
      case 'pi':
        if (byte === GT && this.ending === 1) this.to('text');
        else this.ending = byte === QUESTION ? 1 : 0;
        return;
    }
  }
}
