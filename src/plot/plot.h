/* plot.h -- the drawing of riskodds plot: figures, axes, colour scales */

#ifndef PLOT_H
#define PLOT_H

#include <stddef.h>

/* The colour scales.  Sequential ones map [0, 1] to a colour, dark to
   light, their lightness rising steadily (perceptually uniform); the
   diverging one maps [-1, 1], white at 0.  */
typedef enum
{
  PLOT_PALETTE_VIRIDIS = 0,     /* matplotlib's default (a polynomial fit) */
  PLOT_PALETTE_GREY             /* grey, even steps of CIE L* (print) */
} plot_palette_t;

typedef struct
{
  double r, g, b;               /* sRGB components, 0 to 1 */
} plot_rgb_t;

/* The colour of T (clamped to [0, 1]) on PALETTE.  */
plot_rgb_t plot_palette_color (plot_palette_t palette, double t);

/* The diverging scale: blue for -1, white for 0, red for 1 (T is
   clamped to [-1, 1]).  */
plot_rgb_t plot_diverging_color (double t);

/* A segment of a contour line, in the coordinates of the grid's cells:
   cell (I, J) has its centre at (I, J).  */
typedef struct
{
  double x0, y0, x1, y1;
} plot_segment_t;

/* The contour at LEVEL of the NX x NY values V (V[J * NX + I] at point
   (I, J); a NaN breaks the line), by marching squares with linear
   interpolation along the edges: a newly allocated array of segments in
   *SEG, their number in *N.  -1 when memory runs out.  */
int plot_contour (plot_segment_t **seg, size_t *n, const double *v,
                  size_t nx, size_t ny, double level);

#ifdef HAVE_CAIRO
#include <cairo.h>

/* The page's colour and the ink's (text, frames, axes) of the theme
   that plot_set_theme chose: 0 (the default) black on white, 1 light
   grey on a dark grey page, for slides; and the source colour C.  */
void plot_set_theme (int dark);
plot_rgb_t plot_paper (void);
plot_rgb_t plot_ink (void);
void plot_set_rgb (cairo_t *cr, plot_rgb_t c);

/* A figure being drawn: its cairo context, its size (pixels for PNG,
   points for SVG and PDF) and the file format.  */
typedef enum
{
  PLOT_SVG,
  PLOT_PDF,
  PLOT_PNG
} plot_format_t;

typedef struct
{
  cairo_surface_t *surface;
  cairo_t *cr;
  plot_format_t format;
  double width, height;
  double font;                  /* the size of the axes' text */
  const char *family;           /* the text's font family */
  double scale;                 /* a PNG's pixels a point */
  unsigned dpi;                 /* a PNG's pHYs chunk, 0: none */
  char *title;                  /* for the PNG's and the PDF's metadata */
} plot_fig_t;

/* The format that FILE's extension names (.svg, .pdf, .png, case
   ignored) into *FORMAT; -1 when it names none.  */
int plot_format_of_file (const char *file, plot_format_t *format);

/* Start a figure of WIDTH x HEIGHT (points) written to standard output
   (which -o has taken), a white page; a PNG of PX_WIDTH x PX_HEIGHT
   pixels, SCALE pixels a point; its text in FAMILY.  -1 when cairo
   fails.  */
int plot_open (plot_fig_t *fig, plot_format_t format, double width,
               double height, unsigned px_width, unsigned px_height,
               double scale, const char *family);

/* Finish the figure and write it; -1 when cairo or the writing fails.
   A PNG gets a pHYs chunk when FIG's DPI is set, the text chunks
   "Title", "Software" and, when AREA is not
   NULL, "riskodds plot area": AREA as it is, for programs that read
   cells back (the tests).  */
int plot_close (plot_fig_t *fig, const char *area);

/* A rectangle of the page and the ranges of the values it shows: X from
   UX0 (left) to UX1 (right), Y from UY0 (bottom) to UY1 (top).  */
typedef struct
{
  double x0, y0, x1, y1;        /* left, top, right, bottom */
  double ux0, ux1, uy0, uy1;
} plot_area_t;

double plot_x (const plot_area_t *a, double u);
double plot_y (const plot_area_t *a, double v);

/* Text: TEXT with its anchor at (X, Y): HALIGN 0 left, 0.5 centred, 1
   right; VALIGN the same from top (0) to bottom (1); SIZE in the
   figure's units; turned a quarter left when VERTICAL.  */
void plot_text (plot_fig_t *fig, const char *text, double x, double y,
                double halign, double valign, double size, int vertical,
                int bold);

/* The title: TEXT's lines, centred at the top, the first bold.  */
void plot_title (plot_fig_t *fig, const char *text);

/* Ticks at "nice" values (1, 2 or 5 times a power of ten, at least
   STEP_MIN apart) from LO to HI, about N of them: the first in *FIRST,
   the step in *STEP; returns their number.  */
size_t plot_ticks (double lo, double hi, size_t n, double step_min,
                   double *first, double *step);

/* The frame of AREA and its axes: ticks at the values of plot_ticks
   (integers when INTEGER; none along X when XINTEGER is -1), labels,
   the axes' titles XTITLE and YTITLE (NULL: none).  */
void plot_axes (plot_fig_t *fig, const plot_area_t *a, int xinteger,
                int yinteger, const char *xtitle, const char *ytitle);

/* A colour scale: the colour of each value.  */
typedef plot_rgb_t (*plot_scale_fn) (void *data, double v);

/* The NX x NY cells of V (V[J * NX + I] the cell at (X0 + I, Y0 + J)
   of AREA, whose ranges are in cells), each in the colour SCALE gives
   it; NaN cells are white, hatched with thin grey diagonals.  */
void plot_cells (plot_fig_t *fig, const plot_area_t *a, const double *v,
                 size_t nx, size_t ny, plot_scale_fn scale, void *data);

/* The contours of the cells at each of the N LEVELS, labelled with
   LABELS[K] at one point each.  -1 when memory runs out.  */
int plot_contours (plot_fig_t *fig, const plot_area_t *a, const double *v,
                   size_t nx, size_t ny, const double *levels,
                   char *const *labels, size_t n);

/* A vertical colour bar in AREA (whose Y range is that of the values):
   SCALE's colours, ticks and labels (10^k when LOG, the values being
   exponents), the title TITLE beside it, and a line at each of the N
   MARKS.  */
void plot_colorbar (plot_fig_t *fig, const plot_area_t *a,
                    plot_scale_fn scale, void *data, int log,
                    const char *title, const double *marks, size_t n);

/* The area for a grid figure: the page less the title, the axes' labels
   and the colour bar on the right, the bar's area in *BAR.  */
void plot_layout (const plot_fig_t *fig, plot_area_t *a, plot_area_t *bar,
                  int title_lines);
#endif

#endif /* PLOT_H */
