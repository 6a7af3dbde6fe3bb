import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFrom } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { startFakeOpenAiServer, tokenChunks, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { startFakeOtlpReceiver, type FakeOtlpReceiver, type ReceivedSpan } from '#tests/fakes/otlp-receiver.ts';
import { createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, type LogLine, type TestApp } from '#tests/helpers/test-app.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { REQUEST_ID_ATTRIBUTE, startTracing } from './tracing.ts';

// Text that is the user's and the model's: it may be in the database and the reply, never in a span.
const QUESTION = 'PROMPT-7f3a: should we buy the Zebra Logistics company for 40 million?';
const REPLY = 'REPLY-91c2 Buy it only if the synergies hold after diligence.';

describe('traces exported over OTLP', () => {
  let receiver: FakeOtlpReceiver;
  let fake: FakeOpenAiServer;
  let database: Database;
  let t: TestApp;
  const logLines: LogLine[] = [];
  let spans: ReceivedSpan[];

  beforeAll(async () => {
    receiver = await startFakeOtlpReceiver();
    fake = await startFakeOpenAiServer();
    fake.when('PROMPT-7f3a', { reply: REPLY });
    const vars = { NODE_ENV: 'development', LOG_LEVEL: 'info', AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
    const tracing = startTracing(configFrom(vars).tracing!, '1.2.3');
    database = await openTestDatabase({ observeStatement: tracing.observeStatement });
    t = await createTestApp(vars, { database, logLines, tracing });

    const { cookie } = await signUpUser(t.app, t.config);
    const session = await createChatSession(t.app, cookie);
    const sent = await inject(t.app, {
      method: 'POST',
      url: `/api/chat-sessions/${session.id}/messages?via=test`,
      cookie,
      headers: { 'x-request-id': 'send-request-1' },
      payload: { content: QUESTION, role: 'user' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await waitForMessage(t.app, cookie, session.id, sent.json().assistantMessage.id, ['complete']);
    await t.app.jobs.runUntilIdle();
    await t.close();
    await database.close();
    // Sends every span still buffered.
    await tracing.shutdown();
    spans = receiver.spans;
  });

  afterAll(async () => {
    await fake?.close();
    await receiver?.close();
  });

  const send = () => spans.find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === 'send-request-1')!;
  const childrenOf = (parent: ReceivedSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);

  it('has a span per HTTP request, named by its route, with the request id the logs carry and the path without its query', () => {
    expect(send()).toMatchObject({
      name: 'POST /api/chat-sessions/:id/messages',
      kind: 2, // server
      attributes: { 'http.request.method': 'POST', 'http.route': '/api/chat-sessions/:id/messages', 'http.response.status_code': 201 },
      resource: { 'service.name': 'corner-office', 'service.version': '1.2.3' },
    });
    expect(send().attributes['url.path']).toMatch(/^\/api\/chat-sessions\/[0-9a-f-]+\/messages$/);
    // The request's log lines carry its trace: the request id links one to the other.
    const completed = logLines.find((line) => line.reqId === 'send-request-1' && line.msg === 'request completed');
    expect(completed).toMatchObject({ trace_id: send().traceId, span_id: send().spanId });
  });

  it('has a span per database statement inside the request, with the statement text and never its values', () => {
    const statements = childrenOf(send()).filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    // The send itself (one statement, decision 047), and the reply's text saved as a value bound to $1.
    const sendStatement = statements.find((span) => span.name === 'WITH' && String(span.attributes['db.query.text']).includes('chat_sessions'));
    expect(sendStatement?.attributes).toMatchObject({ 'db.operation.name': 'WITH' });
    const saved = statements.find((span) => span.name === 'UPDATE' && String(span.attributes['db.query.text']).startsWith('update "chat_messages" set "content" = $1'));
    expect(saved).toBeDefined();
  });

  it('has a span per model call in the request\'s trace, with its token counts', () => {
    const call = spans.find((span) => span.name === 'chat fake-model' && span.attributes['corner_office.model.streaming'] === true)!;
    const request = fake.requestsFor('PROMPT-7f3a')[0]!;
    expect(call).toMatchObject({
      traceId: send().traceId,
      kind: 3, // client
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'fake-model',
        'gen_ai.usage.input_tokens': Math.ceil(JSON.stringify(request.body.messages).length / 4),
        'gen_ai.usage.output_tokens': tokenChunks(REPLY).length,
        'gen_ai.response.finish_reasons': ['stop'],
      },
    });
  });

  it('has a span per background job, in a trace of its own', () => {
    const jobs = spans.filter((span) => span.name.startsWith('job '));
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      expect(job.parentSpanId).toBe('');
      expect(job.attributes['corner_office.job.kind']).toBe(job.name.slice('job '.length));
      // Its statements are its children.
      expect(childrenOf(job).every((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    }
  });

  it('never carries the prompt or the reply', () => {
    expect(receiver.bodies.length).toBeGreaterThan(0);
    for (const body of receiver.bodies) {
      expect(body.includes('PROMPT-7f3a')).toBe(false);
      expect(body.includes('REPLY-91c2')).toBe(false);
      expect(body.includes('Zebra Logistics')).toBe(false);
    }
  });
});
