import type { ServerResponse } from 'node:http';

/** What the fake's /v1/embeddings received: OpenAI's request body (input a string or an array of them). */
export interface RecordedEmbeddingRequest {
  body: { model: string; input: string | string[]; dimensions?: number; encoding_format?: string; [key: string]: unknown };
  /** The inputs, as an array whichever form was sent. */
  inputs: string[];
}

/** Dimensions of the fake's vectors when the request names none. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

const STOP = new Set('a an the and or of to in on at for is are was were be will would our we you your it its this that how what when much many with by as from do does did'.split(' '));

/**
 * A deterministic embedding: a hashed bag of words (each word's first five letters, after the
 * scripted synonyms) into `dimensions` counts, normalised to length 1. Texts sharing words are close
 * (cosine), texts sharing none are orthogonal but for hash collisions; a test scripts synonyms
 * ("money" -> "cash") to make a question close to a passage that uses none of its words.
 */
export function fakeEmbedding(text: string, dimensions: number, synonyms: ReadonlyMap<string, string>): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP.has(raw)) continue;
    const word = (synonyms.get(raw) ?? raw).slice(0, 5);
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    vector[(hash >>> 0) % dimensions]! += 1;
  }
  const length = Math.hypot(...vector);
  return length === 0 ? vector.map((_, i) => (i === 0 ? 1 : 0)) : vector.map((value) => value / length);
}

export interface FakeEmbeddingsState {
  requests: RecordedEmbeddingRequest[];
  synonyms: Map<string, string>;
  /** Statuses the next requests answer, in order (then 200 again). */
  failures: number[];
  /** Held before answering (a slow provider). */
  delayMs: number;
}

/** POST /v1/embeddings in OpenAI's wire format: `data: [{ object: 'embedding', index, embedding }]`, usage. */
export async function answerEmbeddings(res: ServerResponse, raw: string, state: FakeEmbeddingsState): Promise<void> {
  const body = JSON.parse(raw) as RecordedEmbeddingRequest['body'];
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  state.requests.push({ body, inputs });
  if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
  const failure = state.failures.shift();
  if (failure !== undefined) {
    res.writeHead(failure, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Fake error ${failure}`, type: 'server_error' } }));
    return;
  }
  const dimensions = body.dimensions ?? FAKE_EMBEDDING_DIMENSIONS;
  const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input, dimensions, state.synonyms) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}
