//! PostgreSQL's group work for score entry: a thread with a connection of its own
//! takes the requests pending at once and serves them all with one statement over
//! arrays of their values, paying a statement, a commit and a round trip once per
//! batch rather than once per request. Under little load a batch is one request,
//! served as soon as it arrives.

use std::sync::mpsc;
use std::thread;

use diesel::pg::PgConnection;

use crate::store::{DbConnection, StoreError, StoreResult};

/// Opens the thread's connection, and again after the server dropped it.
pub(in crate::store) type Connect = Box<dyn Fn() -> StoreResult<DbConnection> + Send>;

/// The answer to one request, given once its batch has been served.
pub type Answer<A> = tokio::sync::oneshot::Receiver<StoreResult<A>>;

type Pending<J, A> = (J, tokio::sync::oneshot::Sender<StoreResult<A>>);

/// The queue to a batching thread; cheap to clone.
pub(in crate::store) struct Batcher<J, A> {
    jobs: mpsc::Sender<Pending<J, A>>,
}

impl<J, A> Clone for Batcher<J, A> {
    fn clone(&self) -> Self {
        Batcher {
            jobs: self.jobs.clone(),
        }
    }
}

impl<J: Send + 'static, A: Send + 'static> Batcher<J, A> {
    /// Starts the thread; it ends when the last handle is dropped. `serve` answers
    /// a batch of at most `most` requests, one answer each in their order, or fails
    /// for all of them.
    pub(super) fn start(
        name: &str,
        most: usize,
        connect: Connect,
        mut serve: impl FnMut(&mut PgConnection, &[J]) -> StoreResult<Vec<A>> + Send + 'static,
    ) -> std::io::Result<Batcher<J, A>> {
        let (jobs, queue) = mpsc::channel::<Pending<J, A>>();
        let name = name.to_string();
        thread::Builder::new().name(name.clone()).spawn(move || {
            let mut connection: Option<PgConnection> = None;
            while let Ok(first) = queue.recv() {
                let mut batch = vec![first];
                while batch.len() < most
                    && let Ok(job) = queue.try_recv()
                {
                    batch.push(job);
                }
                let (requests, answers): (Vec<J>, Vec<_>) = batch.into_iter().unzip();
                let mut served = serve_on(&mut connection, &connect, &mut serve, &requests);
                // The connection was found gone (the server restarted since the last
                // batch): once more on a new one. Safe for a batch that did reach the
                // database, since each request's statement is conditional (a read, or
                // an entry taken only while the log ends where its state was built).
                if matches!(&served, Err(error) if error.is_connection_lost()) {
                    served = serve_on(&mut connection, &connect, &mut serve, &requests);
                }
                match served {
                    Ok(served) if served.len() == requests.len() => {
                        for (answer, outcome) in answers.into_iter().zip(served) {
                            let _ = answer.send(Ok(outcome));
                        }
                    }
                    Ok(served) => {
                        tracing::error!(thread = %name, requests = requests.len(), answers = served.len(), "a batch was answered short");
                        for answer in answers {
                            let _ = answer.send(Err(StoreError::Interrupted(
                                "the batch was answered short".into(),
                            )));
                        }
                    }
                    Err(error) => {
                        tracing::warn!(thread = %name, %error, requests = requests.len(), "a batch failed");
                        for answer in answers {
                            let _ = answer.send(Err(error.replicate()));
                        }
                    }
                }
            }
        })?;
        Ok(Batcher { jobs })
    }

    /// Queues a request. A thread that has stopped drops the answer unsent, which
    /// the receiver reports as an error.
    pub(in crate::store) fn submit(&self, request: J) -> Answer<A> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        if self.jobs.send((request, answer)).is_err() {
            tracing::error!("a batching thread has stopped; a request was not served");
        }
        answered
    }
}

/// Serves the batch on the thread's connection, opened first when there is none; a
/// connection the server dropped is let go, to be opened again.
fn serve_on<J, A>(
    connection: &mut Option<PgConnection>,
    connect: &Connect,
    serve: &mut impl FnMut(&mut PgConnection, &[J]) -> StoreResult<Vec<A>>,
    requests: &[J],
) -> StoreResult<Vec<A>> {
    let mut open = match connection.take() {
        Some(open) => open,
        None => self::open(connect)?,
    };
    let served = serve(&mut open, requests);
    if !matches!(&served, Err(error) if error.is_connection_lost()) {
        *connection = Some(open);
    }
    served
}

fn open(connect: &Connect) -> StoreResult<PgConnection> {
    match connect()? {
        DbConnection::Postgres(postgres) => Ok(postgres),
        DbConnection::Sqlite(_) => Err(StoreError::Interrupted(
            "batches run on PostgreSQL only".into(),
        )),
    }
}
