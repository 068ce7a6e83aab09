// The model's files as tabs over the one editor (the ARIA tabs pattern): each named by its path
// (the folder, the same for all, said once before them), an edited one and the one an error is
// in said so; the arrow keys, Home and End move between
// them (Tab goes on into the editor, which is their panel).
import { type KeyboardEvent, useRef } from "react";

export const FILE_PANEL = "model-file-panel";
const dirOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
export const tabId = (path: string) => `model-file-${path.replace(/\W/g, "-")}`;

export function FileTabs({ files, active, edited, problem, onPick }: {
  files: readonly string[];
  active: string;
  edited: ReadonlySet<string>;
  /** the file an error is in */
  problem: string | null;
  onPick: (path: string) => void;
}) {
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const step = (e: KeyboardEvent, at: number) => {
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: files.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const path = files[(to + files.length) % files.length];
    onPick(path);
    tabs.current.get(path)?.focus();
  };
  return (
    <div className="file-tabs" role="tablist" aria-label="The model's files" data-testid="model-files">
      <span className="file-dir" aria-hidden="true">{dirOf(files[0] ?? "")}</span>
      {files.map((path, i) => (
        <button key={path} type="button" role="tab" id={tabId(path)} aria-selected={path === active} aria-controls={FILE_PANEL}
          tabIndex={path === active ? 0 : -1} data-path={path} onClick={() => onPick(path)} onKeyDown={(e) => step(e, i)}
          ref={(b) => {
            if (b) tabs.current.set(path, b);
            else tabs.current.delete(path);
          }}>
          <code><span className="visually-hidden">{dirOf(path)}</span>{path.slice(dirOf(path).length)}</code>
          {edited.has(path) && <span className="file-mark" data-testid="file-edited"> edited</span>}
          {problem === path && <span className="file-mark file-error"> error</span>}
        </button>
      ))}
    </div>
  );
}
