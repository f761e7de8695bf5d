import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MouseEvent, ReactElement } from 'react';
import { type DamageInput, VEHICLE_VIEWS, type VehicleView } from '../../../schema/vehicleInspections';
import { it } from './words';

/**
 * The vehicle's five views to mark damage on (a tap gives the view and where on it, in thousandths of its width and
 * height: schema/vehicleInspections.ts damageInput). Plain outlines of a car; the side views have the front to the
 * left (driver side) and to the right (passenger side), as one walks around the car.
 */
const SIZE: Record<VehicleView, { width: number; height: number }> = {
  LEFT: { width: 1000, height: 420 },
  RIGHT: { width: 1000, height: 420 },
  TOP: { width: 1000, height: 440 },
  FRONT: { width: 600, height: 460 },
  REAR: { width: 600, height: 460 },
};

const SIDE = (
  <>
    <path d="M40 300 L40 230 Q50 190 170 175 L300 90 Q330 70 380 70 L640 70 Q690 70 720 110 L790 180 Q940 195 960 240 L960 300 Z" />
    <path d="M320 170 L380 100 L500 100 L500 170 Z M530 170 L530 100 L660 100 Q690 100 710 130 L740 170 Z" />
    <circle cx="230" cy="300" r="62" />
    <circle cx="780" cy="300" r="62" />
  </>
);
const DRAWINGS: Record<VehicleView, ReactElement> = {
  LEFT: SIDE,
  RIGHT: <g transform="translate(1000 0) scale(-1 1)">{SIDE}</g>,
  TOP: (
    <>
      <rect x="40" y="60" width="920" height="320" rx="120" />
      <path d="M300 90 L420 120 L420 320 L300 350 Z M720 100 L640 130 L640 310 L720 340 Z" />
      <line x1="420" y1="220" x2="640" y2="220" />
    </>
  ),
  FRONT: (
    <>
      <path d="M60 380 L60 250 Q70 200 130 190 L170 80 Q180 60 220 60 L380 60 Q420 60 430 80 L470 190 Q530 200 540 250 L540 380 Z" />
      <path d="M190 180 L220 85 L380 85 L410 180 Z" />
      <rect x="90" y="240" width="90" height="40" rx="12" />
      <rect x="420" y="240" width="90" height="40" rx="12" />
      <rect x="230" y="300" width="140" height="40" rx="6" />
    </>
  ),
  REAR: (
    <>
      <path d="M60 380 L60 250 Q70 200 130 190 L170 80 Q180 60 220 60 L380 60 Q420 60 430 80 L470 190 Q530 200 540 250 L540 380 Z" />
      <path d="M195 175 L222 90 L378 90 L405 175 Z" />
      <rect x="80" y="230" width="70" height="60" rx="10" />
      <rect x="450" y="230" width="70" height="60" rx="10" />
      <rect x="240" y="280" width="120" height="40" rx="4" />
    </>
  ),
};

export function VehicleDiagram({
  damages,
  disabled,
  onMark,
}: {
  damages: readonly DamageInput[];
  disabled: boolean;
  onMark: (view: VehicleView, x: number, y: number) => void;
}) {
  const translate = useTranslate();
  const mark = (view: VehicleView) => (event: MouseEvent<SVGSVGElement>) => {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * 1000);
    const y = Math.round(((event.clientY - box.top) / box.height) * 1000);
    onMark(view, Math.min(1000, Math.max(0, x)), Math.min(1000, Math.max(0, y)));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      {VEHICLE_VIEWS.map((view) => {
        const { width, height } = SIZE[view];
        const wide = view !== 'FRONT' && view !== 'REAR';
        return (
          <Box key={view} component="figure" sx={{ m: 0, gridColumn: wide ? '1 / -1' : undefined }}>
            <Box
              component="svg"
              viewBox={`0 0 ${width} ${height}`}
              // The drawing is for pointing; the damages are listed in words below it, and added by a button too.
              aria-hidden
              data-view={view}
              onClick={mark(view)}
              sx={{
                width: '100%',
                height: 'auto',
                display: 'block',
                cursor: disabled ? 'default' : 'crosshair',
                bgcolor: 'action.hover',
                borderRadius: 1,
                touchAction: 'manipulation',
                '& path, & rect, & circle:not(.mark), & line': {
                  fill: 'none',
                  stroke: 'currentColor',
                  strokeWidth: 6,
                  color: 'text.secondary',
                },
              }}
            >
              {DRAWINGS[view]}
              {damages.map((damage, index) =>
                damage.view === view ? (
                  <g key={damage.clientKey}>
                    <circle
                      className="mark"
                      cx={(damage.x / 1000) * width}
                      cy={(damage.y / 1000) * height}
                      r={34}
                      fill="#c62828"
                    />
                    <text
                      x={(damage.x / 1000) * width}
                      y={(damage.y / 1000) * height}
                      textAnchor="middle"
                      dominantBaseline="central"
                      fontSize="38"
                      fontWeight="700"
                      fill="#fff"
                    >
                      {index + 1}
                    </text>
                  </g>
                ) : null,
              )}
            </Box>
            <Typography component="figcaption" variant="caption" sx={{ display: 'block', textAlign: 'center' }}>
              {translate(it(`views.${view}`))}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The area a tap most likely means, for the dialog to start from (the driver may choose another). */
export function likelyArea(view: VehicleView, x: number, y: number): DamageInput['area'] {
  if (view === 'FRONT') return y > 600 ? '01' : y > 420 ? '19' : '03';
  if (view === 'REAR') return y > 600 ? '07' : y > 420 ? '19' : '05';
  if (view === 'TOP') return x < 300 ? '02' : x < 700 ? '04' : '06';
  // Driver side: the front is on the left; passenger side: on the right.
  const along = view === 'LEFT' ? x : 1000 - x;
  const side = view === 'LEFT' ? (['08', '09', '10', '11'] as const) : (['12', '13', '14', '15'] as const);
  if (y > 640 && (Math.abs(along - 230) < 90 || Math.abs(along - 780) < 90)) return '18';
  return side[along < 300 ? 0 : along < 500 ? 1 : along < 700 ? 2 : 3];
}
