import { DxfViewer } from 'dxf-viewer'

/** Parses DXF drawings off the page's thread for the drawing view. */
DxfViewer.SetupWorker()
