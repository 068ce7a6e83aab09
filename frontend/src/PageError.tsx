// A page that cannot be shown: what went wrong, in words, and a way on. Announced as an alert.
import type { ReactNode } from "react";

export function PageError({ title, children, back, testId }: { title: string; children: ReactNode; back?: { href: string; label: string }; testId?: string }) {
  return (
    <main className="page-error" role="alert" data-testid={testId}>
      <h1>{title}</h1>
      {typeof children === "string" ? <p>{children}</p> : children}
      {back && <a href={back.href}>{back.label}</a>}
    </main>
  );
}
