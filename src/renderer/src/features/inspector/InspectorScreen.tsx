export function InspectorScreen(): React.JSX.Element {
  return (
    <section className="screen" aria-labelledby="inspector-title">
      <header className="screen-header">
        <h1 id="inspector-title">Inspector</h1>
      </header>
    </section>
  )
}
