import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { TrackFileError } from './track-file-error.ts';

/** A parsed element: child elements by local name, attributes as '@_name', text as '#text'. */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  // Namespaces differ between writers (gx:, gpxtpx:, ns3:); the local names are what Skylog reads.
  removeNSPrefix: true,
  parseTagValue: false,
  // Only numbers and times are read, which never hold entities; skipping them rules out entity-expansion attacks.
  processEntities: false,
  jPath: false,
});

/** The document element of an XML text, or a TrackFileError naming the format when it is cut off or malformed. */
export const readXml = (text: string, formatLabel: 'GPX' | 'KML', rootName: 'gpx' | 'kml'): XmlNode => {
  // GPX and KML never need a DOCTYPE; one can declare entities (external files, expansion bombs), so none is read.
  if (/<!DOCTYPE/i.test(text)) throw new TrackFileError(`This ${formatLabel} file declares a DOCTYPE, which track files never need. Export it again without one.`);
  const result = XMLValidator.validate(text);
  if (result !== true) {
    throw new TrackFileError(`The ${formatLabel} file is cut off or malformed: ${describeXmlError(result.err.msg, result.err.line)}.`);
  }
  let document: XmlNode;
  try {
    document = parser.parse(text) as XmlNode;
  } catch (error) {
    throw new TrackFileError(`The ${formatLabel} file could not be read: ${(error as Error).message}`);
  }
  const root = document[rootName];
  if (!isNode(root)) throw new TrackFileError(`This file is not a ${formatLabel} file: it has no <${rootName}> element.`);
  return root;
};

const describeXmlError = (message: string, line: number): string => {
  // The validator lists the tags left open as "Invalid '[ "gpx", "trk", … ]' found."
  const unclosed = [...message.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  if (message.startsWith("Invalid '[") && unclosed.length > 0) return `it ends before <${unclosed.at(-1)}> is closed`;
  return `${message.replace(/\.$/, '')} (line ${line})`;
};

export const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Child elements of one name: the parser gives one child as a value and several as an array. */
export const childrenOf = (node: XmlNode, name: string): unknown[] => {
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
};

/** The text of an element (with or without attributes), or undefined when it is absent or empty. */
export const textOf = (value: unknown): string | undefined => {
  const text = isNode(value) ? value['#text'] : value;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
};

/** Elements of one local name anywhere below node, parents before children; found elements are not searched. */
export const findElements = (node: XmlNode, name: string): unknown[] => {
  const found: unknown[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      // A loop, not push(...items): a track holds more elements than a call takes arguments.
      for (let index = current.length - 1; index >= 0; index--) pushElement(stack, current[index]);
    } else if (isNode(current)) {
      for (const match of childrenOf(current, name)) found.push(match);
      const children = Object.entries(current).filter(([key]) => key !== name && !key.startsWith('@_'));
      for (let index = children.length - 1; index >= 0; index--) pushElement(stack, children[index]?.[1]);
    }
  }
  return found;
};

const pushElement = (stack: unknown[], value: unknown) => {
  if (typeof value === 'object' && value !== null) stack.push(value);
};
