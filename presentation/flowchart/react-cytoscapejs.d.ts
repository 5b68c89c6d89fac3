/** react-cytoscapejs ships no types; these are the props this app uses (see its README). */
declare module 'react-cytoscapejs' {
  import type { Core, ElementDefinition, LayoutOptions, StylesheetJson } from 'cytoscape';
  import type { Component, CSSProperties } from 'react';

  export interface CytoscapeComponentProps {
    readonly elements: ElementDefinition[];
    readonly stylesheet?: StylesheetJson;
    readonly layout?: LayoutOptions;
    readonly cy?: (cy: Core) => void;
    readonly style?: CSSProperties;
    readonly className?: string;
    readonly id?: string;
    readonly minZoom?: number;
    readonly maxZoom?: number;
    readonly zoom?: number;
    readonly pan?: { x: number; y: number };
    readonly zoomingEnabled?: boolean;
    readonly userZoomingEnabled?: boolean;
    readonly panningEnabled?: boolean;
    readonly userPanningEnabled?: boolean;
    readonly boxSelectionEnabled?: boolean;
    readonly autoungrabify?: boolean;
    readonly autounselectify?: boolean;
    readonly autolock?: boolean;
    readonly wheelSensitivity?: number;
    readonly pixelRatio?: number | 'auto';
    readonly hideEdgesOnViewport?: boolean;
    readonly textureOnViewport?: boolean;
    readonly motionBlur?: boolean;
  }

  export default class CytoscapeComponent extends Component<CytoscapeComponentProps> {}
}
