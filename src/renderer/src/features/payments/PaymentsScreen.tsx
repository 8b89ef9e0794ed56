export function PaymentsScreen(): React.JSX.Element {
  return (
    <section className="screen" aria-labelledby="payments-title">
      <header className="screen-header">
        <h1 id="payments-title">Payments</h1>
      </header>
    </section>
  )
}
