/**
 * What a PDF would do when the agency opens it, judged by a maintained parser (pdf-lib)
 * that reads every object of the file, object streams included (Flate, LZW, ASCII85,
 * ASCIIHex and RunLength decoded as a reader decodes them), not by looking for names in its
 * bytes: a name spelled another way, or hidden behind another filter, is the same name once
 * parsed. A PDF is refused when anything in it is a script, an action other than going to a
 * page or a web address, a launch, an embedded file or a form that submits; and when the
 * parser cannot read every object (a filter it does not know, encryption, a broken object),
 * since what cannot be read cannot be cleared.
 */
import { PDFArray, PDFDict, PDFName, PDFParser, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

/** Keys whose mere presence carries something that runs or is carried inside: scripts, files, rich media, XFA forms. */
const ACTIVE_KEYS = new Set(['/JS', '/JavaScript', '/EmbeddedFile', '/EmbeddedFiles', '/EF', '/RichMedia', '/RichMediaContent', '/XFA']);
/** Types of object that are active whatever holds them. */
const ACTIVE_TYPES = new Set(['/EmbeddedFile', '/RichMediaExecute', '/Rendition']);
/** The actions a CV may carry: a link to a page of itself, to a web address, a named page turn, an article thread. */
const HARMLESS_ACTIONS = new Set(['/GoTo', '/URI', '/Named', '/Thread']);
/** Every other action type of the PDF standard: refused wherever such a dictionary stands, referenced or not. */
const ACTION_TYPES = new Set([
  '/GoToR',
  '/GoToE',
  '/Launch',
  '/Sound',
  '/Movie',
  '/Hide',
  '/SubmitForm',
  '/ResetForm',
  '/ImportData',
  '/JavaScript',
  '/SetOCGState',
  '/Rendition',
  '/Trans',
  '/GoTo3DView',
  '/RichMediaExecute',
  '/GoToDp',
]);
/** Keys whose value is an action (or, for /AA, a dictionary of actions). */
const ACTION_KEYS = new Set(['/A', '/OpenAction', '/Next', '/PA']);

/** Objects a parse may visit: enough for any CV, bounded against a file built to loop. */
const MAX_VISITS = 500_000;

class Judged extends Error {}

function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? context.lookup(object) : object;
}

/** Why an action is refused, or null for a harmless one (a destination array is no action). */
function actionThreat(context: PDFContext, value: PDFObject | undefined): string | null {
  const action = resolve(context, value);
  if (!(action instanceof PDFDict)) return null;
  const type = action.get(PDFName.of('S'));
  if (type instanceof PDFName && !HARMLESS_ACTIONS.has(type.asString())) return `an action ${type.asString()}`;
  return null;
}

function dictThreat(context: PDFContext, dict: PDFDict): string | null {
  for (const [key, value] of dict.entries()) {
    const name = key.asString();
    if (ACTIVE_KEYS.has(name)) return `${name}`;
    if (ACTION_KEYS.has(name)) {
      const threat = actionThreat(context, value);
      if (threat) return threat;
    }
    if (name === '/AA') {
      const actions = resolve(context, value);
      if (actions instanceof PDFDict) for (const [, action] of actions.entries()) if (actionThreat(context, action)) return `an action run on an event`;
    }
    if (name === '/Type' && value instanceof PDFName && ACTIVE_TYPES.has(value.asString())) return value.asString();
    // An action dictionary wherever it stands: its type says what it does.
    if (name === '/S' && value instanceof PDFName && ACTION_TYPES.has(value.asString())) return `an action ${value.asString()}`;
    if (name === '/S' && dict.get(PDFName.of('Type')) instanceof PDFName && (dict.get(PDFName.of('Type')) as PDFName).asString() === '/Action') {
      const threat = actionThreat(context, dict);
      if (threat) return threat;
    }
  }
  return null;
}

/** Every object of the parsed file, direct ones inside dictionaries and arrays too, judged. */
function walk(context: PDFContext): string | null {
  let visits = 0;
  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length > 0) {
    if (++visits > MAX_VISITS) throw new Judged('more objects than any CV');
    const object = stack.pop();
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      const threat = dictThreat(context, dict);
      if (threat) return threat;
      for (const [, value] of dict.entries()) if (!(value instanceof PDFRef)) stack.push(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) if (!(value instanceof PDFRef)) stack.push(value);
    }
  }
  return null;
}

/** Why the PDF would act when opened, or could not be read whole; null for a document only. */
export async function pdfThreat(bytes: Uint8Array): Promise<string | null> {
  let context: PDFContext;
  try {
    // Every object parsed, none skipped: an object the parser cannot read is a refusal.
    context = await PDFParser.forBytesWithOptions(bytes, Number.POSITIVE_INFINITY, true, true).parseDocument();
  } catch {
    return 'objects that cannot be read';
  }
  if (context.trailerInfo.Encrypt) return 'encryption';
  try {
    return walk(context);
  } catch (error) {
    return error instanceof Judged ? error.message : 'objects that cannot be read';
  }
}
