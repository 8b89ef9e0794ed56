// The names a src/ file exports, read with the TypeScript parser: for the tests of one name per
// thing (exported-names.test.ts) and of no unused exports (unused-exports.test.ts).
import ts from 'typescript'

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text]
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)))
}

/** The names a file declares and exports itself (re-exports from another module left out). */
export function exportedDeclarations(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const declared = new Map<string, boolean>()
  const exported = new Set<string>()
  const localExports: string[] = []
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        for (const n of bindingNames(d.name)) {
          declared.set(n, true)
          if (isExported(st)) exported.add(n)
        }
      }
    } else if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isTypeAliasDeclaration(st) ||
        ts.isEnumDeclaration(st)) &&
      st.name
    ) {
      declared.set(st.name.text, true)
      if (isExported(st)) exported.add(st.name.text)
    } else if (
      ts.isExportDeclaration(st) &&
      !st.moduleSpecifier &&
      st.exportClause &&
      ts.isNamedExports(st.exportClause)
    ) {
      for (const el of st.exportClause.elements) localExports.push((el.propertyName ?? el.name).text)
    }
  }
  // `export { x }` of a local declaration declares x here; of an imported name it is a re-export.
  for (const n of localExports) if (declared.has(n)) exported.add(n)
  return [...exported]
}
