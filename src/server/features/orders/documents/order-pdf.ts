import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { formatOrderNumber } from '../../../../shared/orders';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { Env } from '../../../env';
import { buildOrderDocument, type DocumentFact, type OrderDocument } from './order-document';
import { findOrderForDocument } from '../reads/orders.repository';
import type { OrderScope } from '../reads/order-scope';

/**
 * The order PDF (docs/orders.md#order-pdf, ADR 0032): made on the server with PDFKit and its built-in
 * Helvetica, no browser involved. Everything is drawn as text, the buyer's own words (business, address, PO
 * number, notes) included, so nothing in them can become anything else.
 */

/** A made PDF: its file name (`WO-1001.pdf`) and its bytes, as a stream. */
export interface OrderPdf {
  fileName: string;
  stream: Readable;
}

/**
 * The order's PDF, or null when there is no such order (within a customer's `scope`, when given). The
 * seller is the store's name and its contact address, as the e-mails have them.
 */
export async function makeOrderPdf(
  db: DatabaseOrTransaction,
  env: Pick<Env, 'STORE_NAME' | 'SUPPORT_EMAIL'>,
  orderId: number,
  scope: OrderScope | null,
): Promise<OrderPdf | null> {
  const found = await findOrderForDocument(db, orderId, scope);
  if (!found) return null;
  return {
    fileName: `${formatOrderNumber(orderId)}.pdf`,
    stream: renderOrderPdf(
      buildOrderDocument(found, { storeName: env.STORE_NAME, supportEmail: env.SUPPORT_EMAIL }),
    ),
  };
}

/** The answer of both PDF routes: a download named after the order, kept by no cache on the way. */
export function sendOrderPdf(reply: FastifyReply, pdf: OrderPdf) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.stream);
}

// ---------------------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------------------

/** Windows-1252's characters above Latin-1 that the standard fonts have (the PDF's WinAnsiEncoding). */
const WIN_ANSI_EXTRAS = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((character) => character.codePointAt(0)),
);

/**
 * Text the standard fonts can draw: printable Latin-1 and the Windows-1252 extras; anything else (other
 * scripts, emoji, control and invisible format characters) becomes '?', so it shows as a gap rather than as
 * a wrong letter. Line breaks are kept only where the text may have several lines (the notes); tabs are
 * spaces.
 */
export function toPdfText(text: string, { multiline = false } = {}): string {
  let out = '';
  for (const character of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\n') out += multiline ? '\n' : ' ';
    else if (character === '\t') out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code))
      out += character;
    else out += '?';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------------------

const MARGIN = 50;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY_SIZE = 10;
const SMALL_SIZE = 8;
const MUTED = '#555555';
const INK = '#111111';
const RULE = '#bbbbbb';
const ROW_GAP = 5;
const LABEL_WIDTH = 110;

/** The lines table: product, cases, bottles, price per unit, line total (widths add up to the text width). */
const COLUMNS = [
  { title: 'Product', width: 206, align: 'left' },
  { title: 'Cases', width: 50, align: 'right' },
  { title: 'Bottles', width: 56, align: 'right' },
  { title: 'Price', width: 110, align: 'right' },
  { title: 'Total', width: 90, align: 'right' },
] as const;
const CELL_PADDING = 6;

type Doc = PDFKit.PDFDocument;

/** Draws `document` and ends it; the returned PDFKit document is the stream of its bytes. */
export function renderOrderPdf(document: OrderDocument): Doc {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: 'en-US',
    info: { Title: `Order ${document.orderNumber}`, Author: document.storeName },
  });
  drawHeading(doc, document);
  drawFacts(doc, document.facts);
  drawPayLink(doc, document.payLink);
  drawParties(doc, document);
  drawLines(doc, document);
  drawTotals(doc, document.totals);
  drawNotes(doc, document.notes);

  doc.moveDown(1.5).font(REGULAR).fontSize(SMALL_SIZE).fillColor(MUTED);
  write(doc, `Dates are in UTC. Made on ${document.madeOn}.`, MARGIN, doc.y);
  doc.end();
  return doc;
}

const textWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;
const pageBottom = (doc: Doc) => doc.page.height - MARGIN;

/** Text at (x, y) within `width`, wrapping onto more lines when it must. */
function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions & { multiline?: boolean } = {},
) {
  const { multiline, ...textOptions } = options;
  doc.text(toPdfText(text, { multiline }), x, y, { lineGap: 1, ...textOptions });
}

function heightOf(doc: Doc, text: string, width: number, multiline = false): number {
  return doc.heightOfString(toPdfText(text, { multiline }), { width, lineGap: 1 });
}

/**
 * A new page when `height` no longer fits on this one, headed with the order's number. (Only the notes, one
 * text, may also flow onto a new page by themselves.)
 */
function makeRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= pageBottom(doc)) return false;
  doc.addPage();
  doc.font(REGULAR).fontSize(SMALL_SIZE).fillColor(MUTED);
  write(doc, `${doc.info.Title ?? ''} (continued)`, MARGIN, MARGIN);
  doc.y = MARGIN + 20;
  return true;
}

function drawRule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + textWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

function drawHeading(doc: Doc, document: OrderDocument) {
  doc.font(BOLD).fontSize(18).fillColor(INK);
  write(doc, document.storeName, MARGIN, MARGIN, { width: textWidth(doc) });
  doc
    .font(REGULAR)
    .fontSize(SMALL_SIZE + 1)
    .fillColor(MUTED);
  write(doc, document.contact, MARGIN, doc.y + 1, { width: textWidth(doc) });
  doc.font(REGULAR).fontSize(13).fillColor(INK);
  write(doc, `Order ${document.orderNumber}`, MARGIN, doc.y + 2, { width: textWidth(doc) });
  drawRule(doc, doc.y + 8);
  doc.y += 18;
}

interface PairsLayout {
  x: number;
  valueWidth: number;
  valueAlign: 'left' | 'right';
  /** The last pair in bold: the total. */
  boldLast: boolean;
}

/** Label and value pairs, one a line: the order's facts and its totals. */
function drawPairs(doc: Doc, pairs: readonly DocumentFact[], layout: PairsLayout) {
  pairs.forEach(([label, value], index) => {
    const bold = layout.boldLast && index === pairs.length - 1;
    doc.font(BOLD).fontSize(BODY_SIZE);
    const height = Math.max(heightOf(doc, value, layout.valueWidth), heightOf(doc, label, LABEL_WIDTH));
    makeRoom(doc, height);
    const y = doc.y;
    doc
      .font(BOLD)
      .fontSize(BODY_SIZE)
      .fillColor(bold ? INK : MUTED);
    write(doc, label, layout.x, y, { width: LABEL_WIDTH });
    doc.font(bold ? BOLD : REGULAR).fillColor(INK);
    write(doc, value, layout.x + LABEL_WIDTH, y, { width: layout.valueWidth, align: layout.valueAlign });
    doc.y = y + height + 2;
  });
}

function drawFacts(doc: Doc, facts: readonly DocumentFact[]) {
  const valueWidth = textWidth(doc) - LABEL_WIDTH;
  drawPairs(doc, facts, { x: MARGIN, valueWidth, valueAlign: 'left', boldLast: false });
  doc.y += 10;
}

/**
 * 'Pay now' and Shopify's invoice address while the order is owed, as text only: the file carries no link
 * action (docs/orders.md#order-pdf), so the address is written out to be typed or copied.
 */
function drawPayLink(doc: Doc, payLink: string | null) {
  if (!payLink) return;
  const valueWidth = textWidth(doc) - LABEL_WIDTH;
  drawPairs(doc, [['Pay now', payLink]], { x: MARGIN, valueWidth, valueAlign: 'left', boldLast: false });
  doc.y += 10;
}

/** The buyer and the shipping address, side by side. */
function drawParties(doc: Doc, document: OrderDocument) {
  const columnWidth = (textWidth(doc) - 20) / 2;
  const columns = [
    { title: 'Buyer', lines: document.buyer, x: MARGIN },
    {
      title: 'Ship to',
      lines: document.shipTo.length > 0 ? document.shipTo : ['No address given'],
      x: MARGIN + columnWidth + 20,
    },
  ];
  doc.font(REGULAR).fontSize(BODY_SIZE);
  const height = Math.max(
    ...columns.map((column) => heightOf(doc, column.lines.join('\n'), columnWidth, true)),
  );
  makeRoom(doc, height + 16);
  const top = doc.y;
  for (const column of columns) {
    doc.font(BOLD).fontSize(BODY_SIZE).fillColor(MUTED);
    write(doc, column.title, column.x, top, { width: columnWidth });
    doc.font(REGULAR).fillColor(INK);
    // One call per line, so a line of the address never runs into the next.
    for (const line of column.lines) write(doc, line, column.x, doc.y, { width: columnWidth });
  }
  doc.y = top + 16 + height + 14;
}

function drawTableHeader(doc: Doc) {
  doc
    .font(BOLD)
    .fontSize(SMALL_SIZE + 1)
    .fillColor(MUTED);
  const y = doc.y;
  let x = MARGIN;
  for (const column of COLUMNS) {
    write(doc, column.title, x, y, { width: column.width - CELL_PADDING, align: column.align });
    x += column.width;
  }
  drawRule(doc, y + 13);
  doc.y = y + 18;
}

/** The lines; the header comes again on every page the table reaches. */
function drawLines(doc: Doc, document: OrderDocument) {
  makeRoom(doc, 60);
  drawTableHeader(doc);
  for (const line of document.lines) {
    const cells = [line.product, line.cases, line.bottles, line.price, line.total];
    const productWidth = COLUMNS[0].width - CELL_PADDING;
    doc.font(REGULAR).fontSize(BODY_SIZE);
    const skuHeight = line.sku ? 11 : 0;
    const height = heightOf(doc, line.product, productWidth) + skuHeight;
    if (makeRoom(doc, height + ROW_GAP)) drawTableHeader(doc);
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, index) => {
      const column = COLUMNS[index] ?? COLUMNS[0];
      doc.font(REGULAR).fontSize(BODY_SIZE).fillColor(INK);
      write(doc, text, x, y, { width: column.width - CELL_PADDING, align: column.align });
      x += column.width;
    });
    if (line.sku) {
      doc.fontSize(SMALL_SIZE).fillColor(MUTED);
      write(doc, `SKU: ${line.sku}`, MARGIN, y + height - skuHeight + 1, { width: productWidth });
    }
    doc.y = y + height + ROW_GAP;
  }
  drawRule(doc, doc.y);
  doc.y += 10;
}

/** The totals under the table's right-hand columns, the total in bold. */
function drawTotals(doc: Doc, totals: readonly DocumentFact[]) {
  const width = 220;
  const x = MARGIN + textWidth(doc) - width;
  drawPairs(doc, totals, {
    x,
    valueWidth: width - LABEL_WIDTH - CELL_PADDING,
    valueAlign: 'right',
    boldLast: true,
  });
  doc.y += 8;
}

function drawNotes(doc: Doc, notes: string | null) {
  if (!notes) return;
  doc.font(REGULAR).fontSize(BODY_SIZE);
  makeRoom(doc, 30);
  doc.font(BOLD).fillColor(MUTED);
  write(doc, 'Notes', MARGIN, doc.y + 6, { width: textWidth(doc) });
  doc.font(REGULAR).fillColor(INK);
  write(doc, notes, MARGIN, doc.y + 2, { width: textWidth(doc), multiline: true });
}
