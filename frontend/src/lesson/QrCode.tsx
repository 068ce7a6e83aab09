// A QR code for a link, drawn as one SVG path from the modules `uqr` computes (React owns the DOM).
import { useMemo } from "react";
import { encode } from "uqr";

export function QrCode({ url, size = 200 }: { url: string; size?: number }) {
  const qr = useMemo(() => {
    try {
      return encode(url, { ecc: "M", border: 2 });
    } catch {
      return null; // longer than a QR code can carry
    }
  }, [url]);
  if (!qr) return <p className="muted" data-testid="qr-too-long">This link is too long for a QR code; share the link instead.</p>;
  const d = qr.data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg data-testid="qr" className="qr" width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} role="img"
      aria-label={`QR code for ${url}`} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
