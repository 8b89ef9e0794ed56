// The payment service's rules, written once (ARCHITECTURE.md "Where each rule lives"): the builder, the
// rules, the client, the sandbox, the connections service and the redactor import them from here;
// nothing else declares an id pattern, a credential prefix, a page limit or the header grammar.
// Pure TypeScript: no node, no DOM.
export * from './arithmetic'
export * from './chargebacks'
export * from './credentials'
export * from './enums'
export * from './errors'
export * from './ids'
export * from './methods'
export * from './operations'
export * from './pagination'
export * from './paths'
export * from './rate-limit'
export * from './refunds'
export * from './scope'
export * from './subscriptions'
export * from './permissions'
