/**
 * OpenTelemetry traces (decision 066), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (start-server.ts imports this file lazily; everything else imports its types only). Spans:
 * - each HTTP request (`GET /api/chat-sessions/:id`), with the request id the log lines carry, whose
 *   log lines then carry the trace and span ids;
 * - each database statement (its text with `$n` placeholders, never the values);
 * - each model call, with its token counts, never the prompt or the reply;
 * - each background job.
 * Exported in batches over OTLP/HTTP (protobuf) by the official SDK.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import { wrapLanguageModel, type LanguageModel, type LanguageModelMiddleware } from 'ai';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { StatementObserver } from '#server/db/client.ts';
import type { JobObserver } from '#server/jobs/job-queue.ts';

/** The request id attribute: the same value as `reqId` in the request's log lines. */
export const REQUEST_ID_ATTRIBUTE = 'corner_office.request_id';
/** Statement text longer than this is cut (a batch insert's text grows with its rows). */
const MAX_STATEMENT_CHARS = 2000;

export interface Tracing {
  /** Request spans and trace ids in the request's log lines: registered first in buildApp. */
  instrumentRequests(app: FastifyInstance): void;
  observeStatement: StatementObserver;
  observeJob: JobObserver;
  traceModel(model: LanguageModel): LanguageModel;
  /** Sends what is buffered and stops: the last thing a closing server does. */
  shutdown(): Promise<void>;
}

function endWith(span: Span, error?: unknown) {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** Runs `work` in a new active span, ended when its promise settles. */
function inSpan<T>(tracer: Tracer, name: string, options: Parameters<Tracer['startSpan']>[1], work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options ?? {}, async (span) => {
    try {
      const result = await work(span);
      endWith(span);
      return result;
    } catch (error) {
      endWith(span, error);
      throw error;
    }
  });
}

function requestsInstrumentation(tracer: Tracer) {
  const spans = new WeakMap<FastifyRequest, Span>();
  return (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      // A traceparent sent by the proxy in front joins its trace.
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          // The path alone: a query string can carry a signed upload URL's signature.
          [ATTR_URL_PATH]: request.url.split('?')[0],
          ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
          [REQUEST_ID_ATTRIBUTE]: request.id,
        },
      }, parent);
      spans.set(request, span);
      const { traceId, spanId } = span.spanContext();
      // Every later line of this request (its "request completed" too) names the trace.
      request.log = reply.log = request.log.child({ trace_id: traceId, span_id: spanId });
      context.with(trace.setSpan(parent, span), done);
    });
    const finish = (request: FastifyRequest, status: number | undefined) => {
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      if (status !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    app.addHook('onError', async (request, _reply, error) => {
      spans.get(request)?.recordException(error);
    });
    app.addHook('onResponse', async (request, reply) => finish(request, reply.statusCode));
    app.addHook('onRequestAbort', async (request) => finish(request, undefined));
  };
}

function statementObserver(tracer: Tracer): StatementObserver {
  return (text, run) => {
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'STATEMENT';
    return inSpan(tracer, operation, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text.slice(0, MAX_STATEMENT_CHARS) },
    }, run);
  };
}

function jobObserver(tracer: Tracer): JobObserver {
  return (job, run) => {
    // Its own trace (a job outlives what queued it), linked to whatever woke the queue.
    const waker = trace.getActiveSpan()?.spanContext();
    return inSpan(tracer, `job ${job.kind}`, {
      root: true,
      kind: SpanKind.CONSUMER,
      links: waker ? [{ context: waker }] : [],
      attributes: { 'corner_office.job.kind': job.kind, 'corner_office.job.id': job.id, 'corner_office.job.attempt': job.attempt },
    }, run);
  };
}

/**
 * Model calls through the AI SDK's middleware: the call's model, output limit, token counts and finish
 * reason. A streamed call's span ends with its stream (its usage comes in the last part).
 */
function modelMiddleware(tracer: Tracer): LanguageModelMiddleware {
  const startCall = (model: { provider: string; modelId: string }, maxOutputTokens: number | undefined, streaming: boolean) =>
    tracer.startSpan(`chat ${model.modelId}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': model.provider,
        'gen_ai.request.model': model.modelId,
        ...(maxOutputTokens ? { 'gen_ai.request.max_tokens': maxOutputTokens } : {}),
        'corner_office.model.streaming': streaming,
      },
    });
  const recordUsage = (span: Span, usage: { inputTokens: { total: number | undefined }; outputTokens: { total: number | undefined } }, finish: { unified: string }) => {
    if (usage.inputTokens.total !== undefined) span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokens.total);
    if (usage.outputTokens.total !== undefined) span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokens.total);
    span.setAttribute('gen_ai.response.finish_reasons', [finish.unified]);
  };
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params, model }) {
      const span = startCall(model, params.maxOutputTokens, false);
      try {
        const result = await context.with(trace.setSpan(context.active(), span), doGenerate);
        recordUsage(span, result.usage, result.finishReason);
        endWith(span);
        return result;
      } catch (error) {
        endWith(span, error);
        throw error;
      }
    },
    async wrapStream({ doStream, params, model }) {
      const span = startCall(model, params.maxOutputTokens, true);
      let result;
      try {
        result = await context.with(trace.setSpan(context.active(), span), doStream);
      } catch (error) {
        endWith(span, error);
        throw error;
      }
      let ended = false;
      const end = (error?: unknown) => {
        if (ended) return;
        ended = true;
        endWith(span, error);
      };
      type Part = typeof result.stream extends ReadableStream<infer P> ? P : never;
      const reader = result.stream.getReader();
      const watched = new ReadableStream<Part>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              end();
              controller.close();
              return;
            }
            if (value.type === 'finish') recordUsage(span, value.usage, value.finishReason);
            else if (value.type === 'error') span.recordException(value.error instanceof Error ? value.error : String(value.error));
            controller.enqueue(value);
          } catch (error) {
            end(error);
            controller.error(error);
          }
        },
        cancel(reason: unknown) {
          // The reader stopped early (Stop, a stall): the call ends here.
          end(reason ?? new Error('the stream was cancelled'));
          return reader.cancel(reason);
        },
      });
      return { ...result, stream: watched };
    },
  };
}

export function startTracing(settings: NonNullable<Config['tracing']>, version: string): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: version }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers }) })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracer = provider.getTracer('corner-office', version);
  const middleware = modelMiddleware(tracer);
  return {
    instrumentRequests: requestsInstrumentation(tracer),
    observeStatement: statementObserver(tracer),
    observeJob: jobObserver(tracer),
    traceModel: (model) => (typeof model === 'string' ? model : wrapLanguageModel({ model, middleware })),
    async shutdown() {
      await provider.shutdown();
      context.disable();
      propagation.disable();
    },
  };
}
