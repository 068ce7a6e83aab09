// The curve's saturation point: the model's knee (its resource named) or where the curve reaches
// its capacity. A diamond on the curve named beside it, a legend line, a sentence and a chime.
import { formatValue } from "../../format";
import { dotBox, spotsAround } from "../labels";
import { type Axes, type Mark, ORDER } from "./mark";

export interface Saturation {
  at: { x: number; y: number; resource?: string };
  /** drawn where the model names its resource, or where the capacity line is drawn */
  drawn: boolean;
}

export function saturationMark(a: Axes, s: Saturation): Mark {
  const { at } = s;
  return {
    id: "saturation",
    draw: {
      front: (f) => {
        if (!s.drawn) return null;
        const label = f.label("saturation");
        const x = f.g.x(at.x), y = f.g.y(at.y);
        return (
          <g key="saturation" data-testid="saturation-point" className="saturation" data-x={at.x}>
            <path d={`M${x},${y - 8}l7,8l-7,8l-7,-8z`} />
            {label && <text data-testid="chart-label" x={label.x} textAnchor={label.anchor} y={label.y}>{label.text}</text>}
          </g>
        );
      },
    },
    // its words beside the diamond, the full words where they fit, else the short ones
    labels: (f) => {
      if (!s.drawn) return [];
      const px = f.large ? 18 : 12.8;
      const short = `saturates at ${a.xText(at.x)}`;
      return [{ id: "saturation", rank: 1, px, texts: [at.resource ? `${at.resource} ${short}` : short, short], spots: spotsAround(f.g.x(at.x), f.g.y(at.y), px, 11) }];
    },
    obstacles: (f) => (s.drawn ? { boxes: [dotBox(f.g.x(at.x), f.g.y(at.y), 8)] } : {}),
    legend: at.resource
      ? [{ at: ORDER.legend.saturation, keys: ["saturation"], testId: "legend-saturation", text: `the ${at.resource} saturates at ${a.xText(at.x)}: from there on it sets the pace` }]
      : [],
    sentences: [{
      at: ORDER.said.capacity,
      text: `It reaches its capacity at ${a.xText(at.x)} (${formatValue(at.y, a.yUnit)})${at.resource ? `, where the ${at.resource} is fully busy` : ""}.`,
    }],
    sound: { chimes: [at.x] },
  };
}
