/**
 * A local OTLP/HTTP trace receiver for tests: what an OpenTelemetry Collector listens on at
 * `/v1/traces`, taking ExportTraceServiceRequest messages in protobuf (the exporters' default) or
 * JSON, decoded with protobufjs from the OTLP schema (the part of opentelemetry-proto traces use).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

const OTLP_TRACES_PROTO = `
syntax = "proto3";
package opentelemetry.proto;
message AnyValue {
  oneof value {
    string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4;
    ArrayValue array_value = 5; KeyValueList kvlist_value = 6; bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message Resource { repeated KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }
message InstrumentationScope { string name = 1; string version = 2; repeated KeyValue attributes = 3; }
message Status { string message = 2; int32 code = 3; }
message Event { fixed64 time_unix_nano = 1; string name = 2; repeated KeyValue attributes = 3; }
message Link { bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; repeated KeyValue attributes = 4; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4; string name = 5;
  int32 kind = 6; fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9; repeated Event events = 11; repeated Link links = 13; Status status = 15;
}
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; string schema_url = 3; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; string schema_url = 3; }
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
`;

const ExportRequest = protobuf.parse(OTLP_TRACES_PROTO, { keepCase: false }).root.lookupType('opentelemetry.proto.ExportTraceServiceRequest');

type Value = string | number | boolean | Value[];

/** One received span, its ids as hex and its attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, Value>;
  statusCode: number;
  events: Array<{ name: string; attributes: Record<string, Value> }>;
  links: Array<{ traceId: string; spanId: string }>;
  resource: Record<string, Value>;
}

export interface FakeOtlpReceiver {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the app: the exporter posts to `<endpoint>/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** The raw bodies of every export, for searching for text that must not be there. */
  bodies: Buffer[];
  close(): Promise<void>;
}

type Decoded = { [key: string]: unknown };
const hex = (bytes: unknown) => (bytes instanceof Uint8Array ? Buffer.from(bytes).toString('hex') : typeof bytes === 'string' ? bytes : '');

function valueOf(any: Decoded | undefined): Value {
  if (!any) return '';
  if ('stringValue' in any) return any.stringValue as string;
  if ('boolValue' in any) return any.boolValue as boolean;
  if ('intValue' in any) return Number(any.intValue);
  if ('doubleValue' in any) return any.doubleValue as number;
  if ('arrayValue' in any) return ((any.arrayValue as Decoded).values as Decoded[] | undefined ?? []).map(valueOf);
  return '';
}

const attributesOf = (list: unknown) => Object.fromEntries(((list as Decoded[] | undefined) ?? []).map((kv) => [kv.key as string, valueOf(kv.value as Decoded)]));

export async function startFakeOtlpReceiver(): Promise<FakeOtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      bodies.push(body);
      const json = request.headers['content-type']?.startsWith('application/json');
      const message = (json ? ExportRequest.fromObject(JSON.parse(body.toString('utf8')) as Decoded) : ExportRequest.decode(body)) as unknown as Decoded;
      const plain = ExportRequest.toObject(message as unknown as protobuf.Message, { longs: String, bytes: Array }) as Decoded;
      for (const resourceSpans of (plain.resourceSpans as Decoded[] | undefined) ?? []) {
        const resource = attributesOf((resourceSpans.resource as Decoded | undefined)?.attributes);
        for (const scopeSpans of (resourceSpans.scopeSpans as Decoded[] | undefined) ?? []) {
          for (const span of (scopeSpans.spans as Decoded[] | undefined) ?? []) {
            spans.push({
              traceId: hex(Uint8Array.from(span.traceId as number[])),
              spanId: hex(Uint8Array.from(span.spanId as number[])),
              parentSpanId: hex(Uint8Array.from((span.parentSpanId as number[] | undefined) ?? [])),
              name: span.name as string,
              kind: (span.kind as number | undefined) ?? 0,
              attributes: attributesOf(span.attributes),
              statusCode: ((span.status as Decoded | undefined)?.code as number | undefined) ?? 0,
              events: ((span.events as Decoded[] | undefined) ?? []).map((event) => ({ name: event.name as string, attributes: attributesOf(event.attributes) })),
              links: ((span.links as Decoded[] | undefined) ?? []).map((link) => ({ traceId: hex(Uint8Array.from(link.traceId as number[])), spanId: hex(Uint8Array.from(link.spanId as number[])) })),
              resource,
            });
          }
        }
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : Buffer.alloc(0));
    });
  });
  // As the fake model server: idle connections outlive a busy event loop (tests/fakes/openai-server.ts).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
