//! A small line chart drawn on the server as SVG coordinates: the player page's rating
//! history, readable with no JavaScript. The template draws it; this holds the geometry.

use crate::lang::Lang;

/// The drawing area, in SVG user units (the chart scales to the page's width).
pub const WIDTH: f64 = 320.0;
pub const HEIGHT: f64 = 120.0;
/// Room on the left for the axis labels, and above and below the line.
const LEFT: f64 = 36.0;
const PAD: f64 = 10.0;

/// A line through the values, with the highest and lowest labelled.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    /// `x,y x,y …` for a polyline.
    pub points: String,
    /// The last value's position, marked with a dot.
    pub last: (f64, f64),
    /// Where the line starts and ends across (the gridlines' ends).
    pub left: f64,
    pub right: f64,
    /// The top and bottom gridlines: their height and label.
    pub top: (f64, String),
    pub bottom: (f64, String),
    /// The height of the zero line, when zero lies between the two.
    pub zero: Option<f64>,
}

/// A value with one decimal, in the reader's way of writing it (a comma in Italian).
pub fn decimal(value: f64, lang: Lang) -> String {
    let text = format!("{value:.1}");
    // "-0.0" reads oddly under a chart that starts at zero.
    let text = if text == "-0.0" { "0.0".into() } else { text };
    text.replace('.', lang.pick(",", "."))
}

/// The chart of `values` in order (`None` for no values).
pub fn line_chart(values: &[f64], lang: Lang) -> Option<LineChart> {
    let (&first, _) = values.split_first()?;
    let (mut low, mut high) = (first, first);
    for &v in values {
        low = low.min(v);
        high = high.max(v);
    }
    // A flat line still gets a band to sit in.
    if high - low < 1.0 {
        let middle = (high + low) / 2.0;
        low = middle - 0.5;
        high = middle + 0.5;
    }
    let y = |v: f64| PAD + (high - v) / (high - low) * (HEIGHT - 2.0 * PAD);
    let step = if values.len() > 1 {
        (WIDTH - LEFT - PAD) / (values.len() - 1) as f64
    } else {
        0.0
    };
    let x = |i: usize| LEFT + step * i as f64;
    let coordinates: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (round(x(i)), round(y(v))))
        .collect();
    let points = coordinates
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ");
    Some(LineChart {
        points,
        last: *coordinates.last()?,
        left: LEFT,
        right: WIDTH - PAD,
        top: (round(y(high)), decimal(high, lang)),
        bottom: (round(y(low)), decimal(low, lang)),
        zero: (low < 0.0 && high > 0.0).then(|| round(y(0.0))),
    })
}

/// At most `most` of `values`, evenly spread and keeping the first and the last: a long
/// history drawn with a bounded number of points (the width holds no more anyway).
pub fn sampled(values: &[f64], most: usize) -> Vec<f64> {
    if values.len() <= most || most < 2 {
        return values.to_vec();
    }
    let span = (values.len() - 1) as f64 / (most - 1) as f64;
    (0..most)
        .map(|i| values[((i as f64 * span).round() as usize).min(values.len() - 1)])
        .collect()
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_spans_the_area_highest_at_the_top() {
        let chart = line_chart(&[0.0, 4.0, 2.0], Lang::En).unwrap();
        assert_eq!(chart.points, "36,110 173,10 310,60");
        assert_eq!(chart.last, (310.0, 60.0));
        assert_eq!(chart.top, (PAD, "4.0".into()));
        assert_eq!(chart.bottom, (HEIGHT - PAD, "0.0".into()));
        assert_eq!(chart.zero, None);
    }

    #[test]
    fn one_value_and_negative_values_are_drawn_too() {
        let one = line_chart(&[-2.25], Lang::It).unwrap();
        assert_eq!(one.points, "36,60");
        assert_eq!(one.top.1, "-1,8");
        let across = line_chart(&[-3.0, 3.0], Lang::It).unwrap();
        assert_eq!(across.zero, Some(60.0));
        assert!(line_chart(&[], Lang::It).is_none());
    }

    #[test]
    fn a_long_history_is_drawn_with_a_bounded_number_of_points() {
        let values: Vec<f64> = (0..101).map(f64::from).collect();
        let drawn = sampled(&values, 11);
        assert_eq!(
            drawn,
            (0..11).map(|i| f64::from(i * 10)).collect::<Vec<_>>()
        );
        assert_eq!(sampled(&values[..5], 11), values[..5].to_vec());
    }

    #[test]
    fn decimals_are_written_as_the_reader_writes_them() {
        assert_eq!(decimal(7.26, Lang::It), "7,3");
        assert_eq!(decimal(7.26, Lang::En), "7.3");
        assert_eq!(decimal(-0.01, Lang::En), "0.0");
    }
}
