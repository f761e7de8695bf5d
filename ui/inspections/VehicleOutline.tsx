import { Box } from '@mui/material';
import type { VehicleView } from '../../schema/vehicleInspections';

/** The outline of each view, drawn in a 200 × 100 box (front and rear in 140 × 100), as the phone's drawing is laid out. */
const OUTLINES: Record<VehicleView, { width: number; paths: string[] }> = {
  LEFT: {
    width: 200,
    paths: [
      'M12 70 L12 52 Q14 44 30 42 L62 40 L84 22 Q90 18 100 18 L138 18 Q148 18 156 26 L170 40 L184 44 Q190 46 190 54 L190 70 Z',
      'M88 38 L100 24 L124 24 L124 38 Z',
      'M130 24 L148 24 L160 38 L130 38 Z',
    ],
  },
  RIGHT: {
    width: 200,
    paths: [
      'M188 70 L188 52 Q186 44 170 42 L138 40 L116 22 Q110 18 100 18 L62 18 Q52 18 44 26 L30 40 L16 44 Q10 46 10 54 L10 70 Z',
      'M112 38 L100 24 L76 24 L76 38 Z',
      'M70 24 L52 24 L40 38 L70 38 Z',
    ],
  },
  TOP: {
    width: 200,
    paths: [
      'M20 22 Q12 22 12 34 L12 66 Q12 78 20 78 L180 78 Q190 78 190 66 L190 34 Q190 22 180 22 Z',
      'M62 28 L74 34 L74 66 L62 72 Z',
      'M142 30 L132 36 L132 64 L142 70 Z',
      'M74 34 L132 36 M74 66 L132 64',
    ],
  },
  FRONT: {
    width: 140,
    paths: [
      'M16 78 L16 50 Q18 40 28 38 L40 16 Q44 12 52 12 L88 12 Q96 12 100 16 L112 38 Q122 40 124 50 L124 78 Z',
      'M34 38 L46 18 L94 18 L106 38 Z',
      'M24 52 L40 52 L40 60 L24 60 Z M100 52 L116 52 L116 60 L100 60 Z',
    ],
  },
  REAR: {
    width: 140,
    paths: [
      'M16 78 L16 50 Q18 40 28 38 L40 16 Q44 12 52 12 L88 12 Q96 12 100 16 L112 38 Q122 40 124 50 L124 78 Z',
      'M36 36 L48 18 L92 18 L104 36 Z',
      'M22 48 L38 48 L38 58 L22 58 Z M102 48 L118 48 L118 58 L102 58 Z M56 56 L84 56 L84 64 L56 64 Z',
    ],
  },
};
const WHEELS: Partial<Record<VehicleView, [number, number, number][]>> = {
  LEFT: [
    [46, 72, 11],
    [156, 72, 11],
  ],
  RIGHT: [
    [44, 72, 11],
    [154, 72, 11],
  ],
  FRONT: [
    [30, 84, 8],
    [110, 84, 8],
  ],
  REAR: [
    [30, 84, 8],
    [110, 84, 8],
  ],
};

export interface OutlineMark {
  /** The number the list gives the damage. */
  number: number;
  x: number;
  y: number;
  /** Found at delivery and not at pickup. */
  isNew?: boolean;
}

/**
 * A view of the vehicle with the damages marked on it, numbered as they are listed: a point's x and y are thousandths
 * of the drawing's width and height. A new damage is drawn filled in the error colour.
 */
export function VehicleOutline({ view, marks, label }: { view: VehicleView; marks: OutlineMark[]; label: string }) {
  const { width, paths } = OUTLINES[view];
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} 100`}
      role="img"
      aria-label={label}
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: width === 200 ? 180 : 126,
        height: 'auto',
        color: 'text.secondary',
      }}
    >
      {paths.map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
      ))}
      {(WHEELS[view] ?? []).map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="none" stroke="currentColor" strokeWidth={1.5} />
      ))}
      {marks.map((mark) => (
        <Box component="g" key={mark.number} sx={{ color: mark.isNew ? 'error.main' : 'info.main' }}>
          <Box
            component="circle"
            cx={(mark.x / 1000) * width}
            cy={mark.y / 10}
            r={10}
            strokeWidth={2}
            sx={(theme) => ({
              stroke: 'currentColor',
              fill: mark.isNew ? 'currentColor' : theme.palette.background.paper,
            })}
          />
          <Box
            component="text"
            x={(mark.x / 1000) * width}
            y={mark.y / 10}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize={12}
            fontWeight={700}
            sx={(theme) => ({ fill: mark.isNew ? theme.palette.error.contrastText : 'currentColor' })}
          >
            {mark.number}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
