// The connections service, split by what each part does: context.ts (state, file, views),
// credentials.ts (keychain read and seal check), clients.ts (one API client per connection),
// edit.ts (add, rename, remove, switch), profiles.ts, test-connection.ts, sandbox.ts, host.ts
// (foreign-address question), store.ts (connections.json), handlers.ts (the IPC channels).
export { createConnectionHandlers } from './handlers'
export { createConnectionsService } from './service'
export * from './types'
