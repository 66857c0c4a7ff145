import { closestLabels, specMatches } from '../openapi/operations.js';
import type { AsyncApiDocument, AsyncApiModel, Channel } from './types.js';

/**
 * How an `asyncapi:` reference finds its channel, as Mintlify writes it: `"asyncapi.yaml room"`
 * (the file, then the channel's key), or the key alone, looked up in every document (the first
 * that has it wins). A 2.x channel's key is its address (`user/signedup`); the address of a 3.x
 * channel finds it too.
 */
export function createAsyncApiModel(documents: AsyncApiDocument[], files: Set<string>, unavailable: string[]): AsyncApiModel {
  const inDocs = (docs: AsyncApiDocument[], name: string): Channel | undefined => {
    const all = docs.flatMap((d) => d.channels);
    return all.find((c) => c.id === name) ?? all.find((c) => c.address === name) ?? all.find((c) => c.id.toLowerCase() === name.toLowerCase());
  };
  return {
    documents,
    unavailable,
    files,
    find(reference) {
      const text = reference.trim();
      if (!text) return undefined;
      const m = /^(\S+)\s+(\S.*)$/.exec(text);
      if (m) {
        const docs = documents.filter((d) => specMatches(m[1]!, d));
        if (docs.length) return inDocs(docs, m[2]!.trim());
      }
      return inDocs(documents, text);
    },
    closest(reference, n = 3) {
      const labels = documents.flatMap((d) => d.channels.map((c) => `${d.id} ${c.id}`));
      return closestLabels(labels, reference, n);
    },
  };
}

/** How a generated page names its channel: the document and the key, so it finds the same one. */
export function channelReference(channel: Channel): string {
  return `${channel.doc.id} ${channel.id}`;
}
