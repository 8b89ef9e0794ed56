export function ConnectionsScreen(): React.JSX.Element {
  return (
    <section className="screen" aria-labelledby="connections-title">
      <header className="screen-header">
        <h1 id="connections-title">Connections</h1>
      </header>
    </section>
  )
}
