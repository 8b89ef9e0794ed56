/** A table's header row, one plain column header per label (tables with richer headers write their own). */
export function TableHead({ columns }: { columns: readonly string[] }): React.JSX.Element {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
