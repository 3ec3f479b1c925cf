/**
 * An e-mail address that wraps after its @ when it must (acme_payroll@ / localhost), not
 * mid-word; a part too long for its line on its own still breaks.
 */
export function EmailAddress({ address }: { readonly address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <span style={{ overflowWrap: 'break-word' }}>{address}</span>;
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}
